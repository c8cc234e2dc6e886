/**
 * Buyers content (docs/product.md "Buyer Segments (/buyer-segments)", "Persona detail (/personas/{id})" and
 * "Ideal Customer Profile (/ideal-customer-profile)"): segments with their Champion / Decision Maker texts,
 * personas (prospects) with the buyer segment they work in, and the ICP.
 * Plain, non-confidential data: safe to pass to islands as props.
 */
import { getImage } from 'astro:assets';
import { getCollection, getEntry } from 'astro:content';
import { posix } from 'node:path';
import type { IcpEntry, PersonaEntry, SegmentEntry } from '~/schemas/buyers';
import { cached, requireEntry } from './cache';

/** A buyer segment: the Segment fields of docs/product.md "Records and their fields" plus its Champion / Decision Maker texts. */
export type BuyerSegment = SegmentEntry;

/**
 * A persona: the Persona fields of docs/product.md "Records and their fields" (avatar null when none) plus its buyer segment and own tips.
 */
export type BuyerPersona = Omit<PersonaEntry, 'avatar'> & { avatar: string | null };

/** A persona as the ICP page links it. */
interface PersonaLink {
  id: number;
  name: string;
  title: string;
}

/**
 * The ICP with persona ids resolved to links, like the target personas' (an unknown id is left out; the
 * build check reports it): each target-persona group's personas, and the negative persona of the Red Flags tab.
 */
export type IdealCustomerProfile = Omit<IcpEntry, 'targetPersonas' | 'negativePersona'> & {
  targetPersonas: Array<IcpEntry['targetPersonas'][number] & { personas: PersonaLink[] }>;
  negativePersona: IcpEntry['negativePersona'] & { persona: PersonaLink | null };
};

interface Buyers {
  /** Every segment entry by id (duplicates by name included). */
  allSegments: BuyerSegment[];
  /** Ordered by id, one per distinct name (the first id wins). */
  segments: BuyerSegment[];
  personas: BuyerPersona[];
}

/** Persona pictures (content/personas/avatars/), bundled so the build resizes them (Astro's image pipeline). */
const AVATARS = import.meta.glob<{ default: ImageMetadata }>('/content/personas/avatars/*.{jpg,jpeg,png,webp,avif}', { eager: true });
const AVATAR_PIXELS = 160;

/** The address of a persona's resized picture, or null when it has none (the content check reports a missing file). */
async function avatarUrl(filePath: string | undefined, avatar: string | undefined): Promise<string | null> {
  if (!avatar || !filePath) return null;
  const image = AVATARS[`/${posix.join(posix.dirname(filePath), avatar)}`]?.default;
  if (!image) return null;
  return (await getImage({ src: image, width: AVATAR_PIXELS, height: AVATAR_PIXELS, format: 'webp' })).src;
}

const segmentNameKey = (name: string) => name.trim().toLowerCase();

const buyers = (): Promise<Buyers> =>
  cached('buyers', async () => {
    const [segmentEntries, personaEntries] = await Promise.all([getCollection('segments'), getCollection('personas')]);
    const allSegments = segmentEntries.map(({ data }) => data).sort((a, b) => a.id - b.id);
    const seen = new Set<string>();
    const segments = allSegments.filter((segment) => {
      const nameKey = segmentNameKey(segment.name);
      if (seen.has(nameKey)) return false;
      seen.add(nameKey);
      return true;
    });
    const personas = (
      await Promise.all(personaEntries.map(async ({ data, filePath }): Promise<BuyerPersona> => ({ ...data, avatar: await avatarUrl(filePath, data.avatar) })))
    ).sort((a, b) => a.id - b.id);
    return { allSegments, segments, personas };
  });

/** Buyer segments ordered by id; segments sharing a name are listed once (docs/product.md "Buyer Segments (/buyer-segments)"). */
export async function getSegments(): Promise<BuyerSegment[]> {
  return (await buyers()).segments;
}

/** One buyer segment by id, or null when there is none. */
export async function getSegment(id: number): Promise<BuyerSegment | null> {
  return (await buyers()).allSegments.find((segment) => segment.id === id) ?? null;
}

/**
 * The id after `id` in the Next Segment cycle (content order, 8 → 9 → 10 → 11 → 8), wrapping from the
 * last to the first; null when `id` is not a listed segment.
 */
export async function getNextSegmentId(id: number): Promise<number | null> {
  const { segments, allSegments } = await buyers();
  const current = allSegments.find((segment) => segment.id === id);
  if (!current) return null;
  // A duplicate-named entry continues the cycle from the segment that represents its name.
  const position = segments.findIndex((segment) => segmentNameKey(segment.name) === segmentNameKey(current.name));
  return segments[(position + 1) % segments.length]?.id ?? null;
}

/** Every persona ordered by id. */
export async function getPersonas(): Promise<BuyerPersona[]> {
  return (await buyers()).personas;
}

/** One persona by id, or null when there is none. */
export async function getPersona(id: number): Promise<BuyerPersona | null> {
  return (await buyers()).personas.find((persona) => persona.id === id) ?? null;
}

/** The ideal customer profile (content/icp/ideal-customer-profile.yaml) with persona links resolved. */
export const getIcp = (): Promise<IdealCustomerProfile> =>
  cached('icp', async () => {
    const [entry, { personas }] = await Promise.all([getEntry('icp', 'ideal-customer-profile'), buyers()]);
    const icp = requireEntry(entry, 'content/icp/ideal-customer-profile.yaml', 'ideal-customer-profile');
    const byId = new Map(personas.map((persona) => [persona.id, persona]));
    const link = (personaId: number): PersonaLink | null => {
      const persona = byId.get(personaId);
      return persona ? { id: persona.id, name: persona.name, title: persona.title } : null;
    };
    return {
      ...icp,
      targetPersonas: icp.targetPersonas.map((group) => ({
        ...group,
        personas: group.personaIds.flatMap((personaId) => link(personaId) ?? []),
      })),
      negativePersona: { ...icp.negativePersona, persona: link(icp.negativePersona.personaId) },
    };
  });

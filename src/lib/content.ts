/**
 * The content query module: the only caller of getCollection / getEntry / render (like withastro/docs).
 * Pages, API routes and services ask here for typed, ready-to-use data; each function computes once
 * per process where the data cannot change at run time.
 *
 * One region per concept. Edit only your own region.
 */
import { getCollection, getEntry, render } from 'astro:content';

// #region company + industry

// #endregion company + industry

// #region buyers: segments, personas, ICP
// Buyer segments (SPEC §3 Segment + the Champion / Decision Maker texts), personas (SPEC §3 Persona +
// the buyer segment they work in) and the ideal customer profile. Plain, non-confidential data: safe to
// pass to islands as props. Cached per process in production only, so `astro dev` shows edits at once.
import type { IcpEntry, PersonaEntry, SegmentEntry } from '../schemas/buyers';

/** A buyer segment: the SPEC §3 Segment fields plus its Champion / Decision Maker texts. */
export type BuyerSegment = SegmentEntry;

/** A persona: the SPEC §3 Persona fields (avatar null when none) plus its buyer segment and own tips. */
export type BuyerPersona = Omit<PersonaEntry, 'avatar'> & { avatar: string | null };

/** A persona as the ICP page links it. */
export interface PersonaLink {
  id: number;
  name: string;
  title: string;
}

/** The ICP with each target-persona group's persona ids resolved to links (unknown ids left out). */
export type IdealCustomerProfile = Omit<IcpEntry, 'targetPersonas'> & {
  targetPersonas: Array<IcpEntry['targetPersonas'][number] & { personas: PersonaLink[] }>;
};

interface BuyersIndex {
  /** Every segment entry by id (duplicates by name included). */
  allSegments: BuyerSegment[];
  /** Ordered by id, one per distinct name (the first id wins). */
  segments: BuyerSegment[];
  personas: BuyerPersona[];
}

let buyersIndex: Promise<BuyersIndex> | null = null;

const segmentNameKey = (name: string) => name.trim().toLowerCase();

async function buildBuyersIndex(): Promise<BuyersIndex> {
  const [segmentEntries, personaEntries] = await Promise.all([getCollection('segments'), getCollection('personas')]);
  const allSegments = segmentEntries.map(({ data }) => data).sort((a, b) => a.id - b.id);
  const seen = new Set<string>();
  const segments = allSegments.filter((segment) => {
    const key = segmentNameKey(segment.name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const personas = personaEntries
    .map(({ data }): BuyerPersona => ({ ...data, avatar: data.avatar ?? null }))
    .sort((a, b) => a.id - b.id);
  return { allSegments, segments, personas };
}

function buyers(): Promise<BuyersIndex> {
  if (!import.meta.env.PROD) return buildBuyersIndex();
  buyersIndex ??= buildBuyersIndex().catch((error: unknown) => {
    buyersIndex = null;
    throw error;
  });
  return buyersIndex;
}

/** Buyer segments ordered by id; segments sharing a name are listed once (SPEC §2). */
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
export async function getIcp(): Promise<IdealCustomerProfile> {
  const [entry, { personas }] = await Promise.all([getEntry('icp', 'ideal-customer-profile'), buyers()]);
  if (!entry) throw new Error('content/icp/ideal-customer-profile.yaml is missing');
  const byId = new Map(personas.map((persona) => [persona.id, persona]));
  return {
    ...entry.data,
    targetPersonas: entry.data.targetPersonas.map((group) => ({
      ...group,
      personas: group.personaIds.flatMap((personaId) => {
        const persona = byId.get(personaId);
        return persona ? [{ id: persona.id, name: persona.name, title: persona.title }] : [];
      }),
    })),
  };
}

// #endregion buyers

// #region product + resources

// #endregion product + resources

// #region learning: modules, lessons, quizzes, external tools

// #endregion learning

// #region coach: sales situations
import type { SalesSituation } from '../schemas/coach';

/**
 * The eight situations of the Sales Situations Coach in content order: the files
 * content/sales-situations/NN-<id>.yaml sorted by NN (the entry id is the file name; getCollection's own
 * order is not guaranteed). That order also breaks keyword ties. Plain data: the /sales-situations page
 * passes it to the SalesCoach island as props (not confidential).
 */
export async function getSalesSituations(): Promise<SalesSituation[]> {
  const entries = await getCollection('salesSituations');
  return entries
    .toSorted((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))
    .map((entry) => entry.data);
}

// #endregion coach

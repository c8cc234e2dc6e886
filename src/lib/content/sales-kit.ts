/**
 * The Sales Kit's conversations (content/sales-kit/): the discovery question bank, with the personas and
 * segments each question names resolved to links, and the filters the pages read from their address.
 * Plain data, sorted as the pages show it.
 */
import { getCollection } from 'astro:content';
import { DISCOVERY_STAGES, type DiscoveryQuestionEntry, type DiscoveryStage } from '~/schemas/sales-kit';
import { getPersonas, getSegments } from './buyers';
import { cached } from './cache';

/** A persona or segment as a Sales Kit page links it. */
export interface NamedLink {
  id: number;
  name: string;
}

export interface DiscoveryQuestion extends Omit<DiscoveryQuestionEntry, 'personaIds' | 'segmentIds'> {
  personas: NamedLink[];
  segments: NamedLink[];
}

/** The personas and segments by id, for resolving references (an unknown id is left out; the build reports it). */
export const getBuyerLinks = (): Promise<{ personas: NamedLink[]; segments: NamedLink[] }> =>
  cached('buyerLinks', async () => {
    const [personas, segments] = await Promise.all([getPersonas(), getSegments()]);
    return {
      personas: personas.map(({ id, name }) => ({ id, name })),
      segments: segments.map(({ id, name }) => ({ id, name })),
    };
  });

const resolve = (ids: readonly number[], links: readonly NamedLink[]): NamedLink[] =>
  ids.flatMap((id) => links.find((link) => link.id === id) ?? []);

/** Every discovery question, by stage (situation, pain, impact, vision), in file order within a stage. */
export const getDiscoveryQuestions = (): Promise<DiscoveryQuestion[]> =>
  cached('discoveryQuestions', async () => {
    const [entries, links] = await Promise.all([getCollection('discoveryQuestions'), getBuyerLinks()]);
    const stageOrder = (stage: DiscoveryStage) => DISCOVERY_STAGES.indexOf(stage);
    return entries
      .map(({ data }, index) => ({ data, index }))
      .sort((a, b) => stageOrder(a.data.stage) - stageOrder(b.data.stage) || a.index - b.index)
      .map(({ data: { personaIds, segmentIds, ...question } }) => ({
        ...question,
        personas: resolve(personaIds, links.personas),
        segments: resolve(segmentIds, links.segments),
      }));
  });

/** What the discovery page is filtered by: each part optional. */
export interface DiscoveryFilter {
  personaId?: number;
  segmentId?: number;
  stage?: DiscoveryStage;
}

const idIn = (value: string | null, links: readonly NamedLink[]) => links.find((link) => String(link.id) === value)?.id;

/** The filter of a page address (?persona=3&segment=10&stage=pain); anything unknown is ignored. */
export async function parseDiscoveryFilter(params: URLSearchParams): Promise<DiscoveryFilter> {
  const links = await getBuyerLinks();
  const stage = DISCOVERY_STAGES.find((value) => value === params.get('stage'));
  const personaId = idIn(params.get('persona'), links.personas);
  const segmentId = idIn(params.get('segment'), links.segments);
  return { ...(personaId ? { personaId } : {}), ...(segmentId ? { segmentId } : {}), ...(stage ? { stage } : {}) };
}

/** The questions that match every part of the filter. */
export function filterDiscoveryQuestions(questions: readonly DiscoveryQuestion[], filter: DiscoveryFilter): DiscoveryQuestion[] {
  return questions.filter(
    (question) =>
      (filter.personaId === undefined || question.personas.some((persona) => persona.id === filter.personaId)) &&
      (filter.segmentId === undefined || question.segments.some((segment) => segment.id === filter.segmentId)) &&
      (filter.stage === undefined || question.stage === filter.stage),
  );
}

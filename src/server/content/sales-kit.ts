/**
 * The Sales Kit's conversations (content/sales-kit/): the discovery question bank, the objection library
 * and the prospecting sequences, with the personas, segments, coach situations and case studies they name
 * resolved to links, and the filters the pages read from their address. Plain data, sorted as the pages
 * show it.
 */
import { getCollection } from 'astro:content';
import {
  DISCOVERY_STAGES,
  OBJECTION_CATEGORIES,
  type DiscoveryQuestionEntry,
  type DiscoveryStage,
  type ObjectionCategory,
  type ObjectionEntry,
  type ProspectingSequenceEntry,
} from '~/schemas/sales-kit';
import { getPersonas, getSegments } from './buyers';
import { cached } from './cache';
import { caseStudyHref, getCaseStudies } from './case-studies';
import { getSalesSituations } from './coach';

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

export interface Objection extends Omit<ObjectionEntry, 'personaIds' | 'situationIds' | 'caseStudyId'> {
  personas: NamedLink[];
  situations: Array<{ id: string; name: string }>;
  /** The case study the proof point quotes, to link it. */
  caseStudy: { customer: string; href: string } | null;
}

/** Every objection, by category (the order of OBJECTION_CATEGORIES), in file order within a category. */
export const getObjections = (): Promise<Objection[]> =>
  cached('objections', async () => {
    const [entries, links, situations, studies] = await Promise.all([
      getCollection('objections'),
      getBuyerLinks(),
      getSalesSituations(),
      getCaseStudies(),
    ]);
    const categoryOrder = (category: ObjectionCategory) => OBJECTION_CATEGORIES.indexOf(category);
    return entries
      .map(({ data }, index) => ({ data, index }))
      .sort((a, b) => categoryOrder(a.data.category) - categoryOrder(b.data.category) || a.index - b.index)
      .map(({ data: { personaIds, situationIds, caseStudyId, ...objection } }) => {
        const study = studies.find((candidate) => candidate.id === caseStudyId);
        return {
          ...objection,
          personas: resolve(personaIds, links.personas),
          situations: situationIds.flatMap((id) => situations.find((situation) => situation.id === id) ?? []).map(({ id, name }) => ({ id, name })),
          caseStudy: study ? { customer: study.customer, href: caseStudyHref(study.id) } : null,
        };
      });
  });

/** What the objection library is filtered by: each part optional. */
export interface ObjectionFilter {
  personaId?: number;
  situationId?: string;
  category?: ObjectionCategory;
}

/** The filter of a page address (?persona=3&situation=budget-pushback&category=price); anything unknown is ignored. */
export async function parseObjectionFilter(params: URLSearchParams): Promise<ObjectionFilter> {
  const [links, situations] = await Promise.all([getBuyerLinks(), getSalesSituations()]);
  const personaId = idIn(params.get('persona'), links.personas);
  const situationId = situations.find((situation) => situation.id === params.get('situation'))?.id;
  const category = OBJECTION_CATEGORIES.find((value) => value === params.get('category'));
  return { ...(personaId ? { personaId } : {}), ...(situationId ? { situationId } : {}), ...(category ? { category } : {}) };
}

/** The objections that match every part of the filter. */
export function filterObjections(objections: readonly Objection[], filter: ObjectionFilter): Objection[] {
  return objections.filter(
    (objection) =>
      (filter.personaId === undefined || objection.personas.some((persona) => persona.id === filter.personaId)) &&
      (filter.situationId === undefined || objection.situations.some((situation) => situation.id === filter.situationId)) &&
      (filter.category === undefined || objection.category === filter.category),
  );
}

export interface ProspectingSequence extends Omit<ProspectingSequenceEntry, 'personaId'> {
  persona: NamedLink & { title: string; company: string };
}

/** Every prospecting sequence, in persona order; one whose persona is unknown is left out (the build reports it). */
export const getProspectingSequences = (): Promise<ProspectingSequence[]> =>
  cached('prospecting', async () => {
    const [entries, personas] = await Promise.all([getCollection('prospecting'), getPersonas()]);
    return entries
      .flatMap(({ data: { personaId, ...sequence } }) => {
        const persona = personas.find((candidate) => candidate.id === personaId);
        return persona ? [{ ...sequence, persona: { id: persona.id, name: persona.name, title: persona.title, company: persona.company } }] : [];
      })
      .sort((a, b) => a.persona.id - b.persona.id);
  });

/** The persona a prospecting page is filtered to (?persona=3), if it is one. */
export async function parseProspectingFilter(params: URLSearchParams): Promise<{ personaId?: number }> {
  const personaId = idIn(params.get('persona'), (await getBuyerLinks()).personas);
  return personaId ? { personaId } : {};
}

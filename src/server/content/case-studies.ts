/** The Sales Kit's customer case studies (content/sales-kit/case-studies/), with their buyer segment resolved. */
import { getCollection } from 'astro:content';
import type { CaseStudyEntry } from '~/schemas/case-studies';
import { getSegments } from './buyers';
import { cached } from './cache';

export interface CaseStudy extends Omit<CaseStudyEntry, 'segmentId'> {
  /** The file name: the page anchor is `case-{id}`. */
  id: string;
  segment: { id: number; name: string };
}

/** Every case study, by segment (8 → 11), then by customer. */
export const getCaseStudies = (): Promise<CaseStudy[]> =>
  cached('caseStudies', async () => {
    const [entries, segments] = await Promise.all([getCollection('caseStudies'), getSegments()]);
    const nameOf = (id: number) => segments.find((segment) => segment.id === id)?.name ?? `Segment ${id}`;
    return entries
      .map(({ id, data: { segmentId, ...study } }) => ({ id, ...study, segment: { id: segmentId, name: nameOf(segmentId) } }))
      .sort((a, b) => a.segment.id - b.segment.id || a.customer.localeCompare(b.customer));
  });

/** The case studies a buyer segment's page lists. */
export async function getCaseStudiesOfSegment(segmentId: number): Promise<CaseStudy[]> {
  return (await getCaseStudies()).filter((study) => study.segment.id === segmentId);
}

/** Where a case study is: its section of the case studies page. */
export const caseStudyHref = (id: string) => `/sales-kit/case-studies#case-${id}`;

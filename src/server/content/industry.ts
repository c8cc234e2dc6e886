/**
 * Industry Knowledge content (content/industry/, docs/product.md
 * "Industry Knowledge (/industry-knowledge)"): plain, non-confidential, sorted as the page shows it.
 */
import { getCollection, getEntry } from 'astro:content';
import type { Abbreviation, Competitor, GlossaryTerm, IndustryOverview, LeaseType } from '~/schemas/industry';
import { byAlphabet, byOrder, cached, requireEntry } from './cache';

/** The industry-overview tab: market size and structure, segments, stakeholders, trends, challenges. */
export const getIndustryOverview = (): Promise<IndustryOverview> =>
  cached('industryOverview', async () => requireEntry(await getEntry('industryOverview', 'market'), 'content/industry/overview.yaml', 'market'));

/** Commercial lease types in their `order`. */
export const getLeaseTypes = (): Promise<LeaseType[]> =>
  cached('leaseTypes', async () => (await getCollection('industryLeaseTypes')).map(({ data }) => data).sort(byOrder));

/** The competitor cards in their `order` (fictional companies). */
export const getCompetitors = (): Promise<Competitor[]> =>
  cached('competitors', async () => (await getCollection('industryCompetitors')).map(({ data }) => data).sort(byOrder));

/** CRE abbreviations, alphabetical. */
export const getAbbreviations = (): Promise<Abbreviation[]> =>
  cached('abbreviations', async () =>
    (await getCollection('industryAbbreviations'))
      .map(({ id, data }) => ({ abbreviation: id, ...data }))
      .sort((a, b) => byAlphabet(a.abbreviation, b.abbreviation)),
  );

/** CRE glossary terms, alphabetical. */
export const getGlossary = (): Promise<GlossaryTerm[]> =>
  cached('glossary', async () =>
    (await getCollection('industryGlossary')).map(({ id, data }) => ({ term: id, ...data })).sort((a, b) => byAlphabet(a.term, b.term)),
  );

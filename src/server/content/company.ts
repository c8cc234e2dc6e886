/**
 * Company Overview content (content/company/, docs/product.md
 * "Company Overview (/company-overview)"): plain, non-confidential, sorted as the page shows it.
 */
import { getCollection, getEntry } from 'astro:content';
import type { Company, CoreValue, Differentiators, HistoryEntry, TeamMember, ValueProposition } from '~/schemas/company';
import { byAlphabet, byOrder, cached, requireEntry } from './cache';

/** The company profile: name, summary, elevator pitch, mission, facts, 'Did you know?' banner. */
export const getCompany = (): Promise<Company> =>
  cached('company', async () => requireEntry(await getEntry('company', 'parcelwise'), 'content/company/company.yaml', 'parcelwise'));

/** The value propositions (ACCELERATE, ELEVATE, TARGET, INTEGRATE) in their `order`. */
export const getValuePropositions = (): Promise<ValueProposition[]> =>
  cached('valueProps', async () => (await getCollection('companyValueProps')).map(({ data }) => data).sort(byOrder));

/** The Differentiators tab: points and the comparison table. */
export const getDifferentiators = (): Promise<Differentiators> =>
  cached('differentiators', async () =>
    requireEntry(await getEntry('companyDifferentiators', 'parcelwise'), 'content/company/differentiators.yaml', 'parcelwise'),
  );

/** The four core values in their `order`. */
export const getCoreValues = (): Promise<CoreValue[]> =>
  cached('coreValues', async () => (await getCollection('companyCoreValues')).map(({ data }) => data).sort(byOrder));

/** The team members in their `order`. */
export const getTeam = (): Promise<TeamMember[]> =>
  cached('team', async () => (await getCollection('companyTeam')).map(({ data }) => data).sort(byOrder));

/** The 'Our Journey' history entries, oldest first (by id within a year). */
export const getHistory = (): Promise<HistoryEntry[]> =>
  cached('history', async () =>
    (await getCollection('companyHistory')).map(({ data }) => data).sort((a, b) => a.year - b.year || byAlphabet(a.id, b.id)),
  );

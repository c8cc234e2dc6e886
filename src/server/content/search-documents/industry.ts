// Search places of the Industry Knowledge page: the glossary, abbreviations and lease types (the
// "glossary" group: what a term means), the market overview and the competitors ("industry" group);
// and the synonyms the glossary gives (an abbreviation and its expansion, a term and its alias).
import { abbreviationAnchor, glossaryTermAnchor, leaseTypeAnchor } from '~/shared/anchors';
import type { Abbreviation, GlossaryTerm, LeaseType } from '~/schemas/industry';
import { getAbbreviations, getCompetitors, getGlossary, getIndustryOverview, getLeaseTypes } from '../industry';
import { lines, type SearchPlace } from './place';

const TERMS_TAB = '/industry-knowledge?tab=terms-acronyms';
const OVERVIEW_TAB = '/industry-knowledge?tab=industry-overview';

/**
 * The names a term goes by: "Capitalization rate (cap rate)" → itself, "Capitalization rate", "cap rate";
 * "Speculative (spec) development" → "Speculative development", "spec", "spec development".
 */
export function nameVariants(name: string): string[] {
  const match = /^(.*?)\s*\(([^)]+)\)\s*(.*)$/.exec(name);
  if (!match) return [name.trim()];
  const [, before = '', inside = '', after = ''] = match;
  const variants = [name.trim(), `${before} ${after}`.trim()];
  for (const alias of inside.split(/,\s*|\s+or\s+/)) variants.push(alias.trim(), ...(after ? [`${alias.trim()} ${after}`] : []));
  return [...new Set(variants.filter(Boolean))];
}

/** An abbreviation's expansions: "Certified Property Manager; in advertising, cost per mille" has two. */
const expansions = (abbreviation: Abbreviation) => abbreviation.expansion.split(';').flatMap((part) => nameVariants(part));

function glossaryPlaces(terms: GlossaryTerm[], abbreviations: Abbreviation[], leaseTypes: LeaseType[]): SearchPlace[] {
  return [
    ...terms.map(({ term, definition, related }) => ({
      group: 'glossary' as const,
      item: glossaryTermAnchor(term),
      title: term,
      context: 'Glossary term',
      names: nameVariants(term),
      text: lines(definition, related ? `Related: ${related.join(', ')}` : null),
      href: `${TERMS_TAB}#${glossaryTermAnchor(term)}`,
    })),
    ...abbreviations.map((abbreviation) => ({
      group: 'glossary' as const,
      item: abbreviationAnchor(abbreviation.abbreviation),
      title: `${abbreviation.abbreviation}: ${abbreviation.expansion}`,
      context: 'Abbreviation',
      names: [abbreviation.abbreviation, ...expansions(abbreviation)],
      text: abbreviation.meaning,
      href: `${TERMS_TAB}#${abbreviationAnchor(abbreviation.abbreviation)}`,
    })),
    ...leaseTypes.map((lease) => ({
      group: 'glossary' as const,
      item: leaseTypeAnchor(lease.id),
      title: lease.name,
      context: 'Lease type',
      names: [...nameVariants(lease.name), ...(lease.alsoKnownAs ?? [])],
      text: lines(
        lease.description,
        `Tenant pays: ${lease.tenantPays.join(', ')}`,
        lease.landlordPays.length > 0 ? `Landlord pays: ${lease.landlordPays.join(', ')}` : null,
        `Common in: ${lease.commonIn.join(', ')}`,
        lease.marketingNote,
      ),
      href: `${OVERVIEW_TAB}#${leaseTypeAnchor(lease.id)}`,
    })),
  ];
}

async function overviewPlaces(): Promise<SearchPlace[]> {
  const overview = await getIndustryOverview();
  const place = (section: string, heading: string, title: string, text: string): SearchPlace => ({
    group: 'industry',
    item: `${section}:${title}`,
    title,
    context: heading,
    names: [title],
    text,
    href: `${OVERVIEW_TAB}#${section}`,
  });
  return [
    place('market-size', 'Market size', 'Market size', lines(overview.marketSize.stats.map((s) => `${s.value} ${s.label}. ${s.detail}`), overview.marketSize.caveat)),
    ...overview.structure.map((part) => place('market-structure', 'Market structure', part.title, part.description)),
    ...overview.segments.map((s) => place('segments', 'Property segment', s.name, lines(s.description, s.marketing, s.metrics.join(', ')))),
    ...overview.stakeholders.map((s) => place('stakeholders', 'Stakeholder', s.name, lines(s.role, s.needs))),
    ...overview.trends.map((trend) => place('trends', 'Trend', trend.title, lines(trend.description, trend.implication))),
    ...overview.challenges.map((c) => place('challenges', 'Challenge', c.title, lines(c.description, c.howWeHelp))),
  ];
}

async function competitorPlaces(): Promise<SearchPlace[]> {
  return (await getCompetitors()).map((competitor) => ({
    group: 'industry',
    item: `competitor:${competitor.id}`,
    title: competitor.name,
    context: `Competitor · ${competitor.category}`,
    names: [competitor.name],
    text: lines(competitor.summary, competitor.strengths, competitor.weaknesses, competitor.howWeWin),
    href: `/industry-knowledge?tab=competitive-landscape#competitor-${competitor.id}`,
  }));
}

export async function industryPlaces(): Promise<SearchPlace[]> {
  const [terms, abbreviations, leaseTypes, overview, competitors] = await Promise.all([
    getGlossary(),
    getAbbreviations(),
    getLeaseTypes(),
    overviewPlaces(),
    competitorPlaces(),
  ]);
  return [...glossaryPlaces(terms, abbreviations, leaseTypes), ...overview, ...competitors];
}

/** The words of a phrase, lower case and singular, to compare phrases loosely. */
const wordsOf = (phrase: string) =>
  phrase
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word))
    .join(' ');

/**
 * Phrases that mean the same, from the glossary: an abbreviation and its expansions, a term and its
 * aliases, a lease type and its other names ("Triple net (NNN)" ↔ "Net lease"), and a term and the
 * related abbreviation that stands for it ("Tenant improvement allowance" ↔ TI, whose expansion
 * "Tenant improvements" it contains; not "Capitalization rate" ↔ NOI, which is only related).
 */
export async function synonymSets(): Promise<string[][]> {
  const [terms, abbreviations, leaseTypes] = await Promise.all([getGlossary(), getAbbreviations(), getLeaseTypes()]);
  const expansionsOf = new Map(abbreviations.map((a) => [a.abbreviation, expansions(a).map(wordsOf)]));
  const standsFor = (term: string, abbreviation: string) =>
    (expansionsOf.get(abbreviation) ?? []).some((expansion) => nameVariants(term).some((name) => wordsOf(name).includes(expansion)));
  const sets = [
    ...abbreviations.map((abbreviation) => [abbreviation.abbreviation, ...expansions(abbreviation)]),
    ...terms.map(({ term, related }) => [...nameVariants(term), ...(related ?? []).filter((name) => standsFor(term, name))]),
    ...leaseTypes.map((lease) => [...nameVariants(lease.name), ...(lease.alsoKnownAs ?? [])]),
  ];
  return sets.filter((set) => set.length > 1);
}

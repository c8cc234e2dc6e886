// Industry content (content/industry/*.yaml) against its schemas (src/schemas/industry.ts) and docs/product.md
// "Industry Knowledge (/industry-knowledge)": market size, segments, stakeholders, lease types, trends and challenges; exactly
// six competitor cards; abbreviations (≥ 25) and a glossary (≥ 50). Read like Astro's file() loader.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { REVIEW } from './schema-helpers';
import type { z } from 'astro/zod';
import { abbreviationSchema, competitorSchema, glossaryTermSchema, industryOverviewSchema, leaseTypeSchema } from '~/schemas/industry';

function load<S extends z.ZodType>(file: string, schema: S): Array<[string, z.output<S>]> {
  const data: unknown = parse(readFileSync(new URL(`../../content/industry/${file}`, import.meta.url), 'utf8'));
  const raw: Array<[string, unknown]> = Array.isArray(data)
    ? data.map((item: { id: string }) => [item.id, item])
    : Object.entries(data as Record<string, unknown>);
  return raw.map(([id, item]) => {
    const result = schema.safeParse(item);
    if (!result.success) throw new Error(`${file} → ${id}: ${result.error.message}`);
    return [id, result.data];
  });
}

const overview = load('overview.yaml', industryOverviewSchema)[0]?.[1];
const leaseTypes = load('lease-types.yaml', leaseTypeSchema).map(([, lease]) => lease);
const competitors = load('competitors.yaml', competitorSchema).map(([, competitor]) => competitor);
const abbreviations = load('abbreviations.yaml', abbreviationSchema);
const glossary = load('glossary.yaml', glossaryTermSchema);

describe('industry overview tab', () => {
  it('covers market size, structure, segments, stakeholders, trends and challenges', () => {
    expect(overview).toBeDefined();
    expect(overview!.marketSize.stats.length).toBeGreaterThanOrEqual(3);
    expect(overview!.structure.length).toBeGreaterThanOrEqual(3);
    expect(overview!.stakeholders.length).toBeGreaterThanOrEqual(4);
    expect(overview!.trends.length).toBeGreaterThanOrEqual(3);
    expect(overview!.challenges.length).toBeGreaterThanOrEqual(3);
  });

  it('includes the main property segments', () => {
    const names = overview!.segments.map((segment) => segment.name);
    for (const name of ['Office', 'Industrial', 'Retail', 'Multifamily']) expect(names).toContain(name);
  });

  it('explains the standard lease types, from gross to absolute net, percentage and ground leases', () => {
    const ids = leaseTypes.map((lease) => lease.id);
    for (const id of [
      'gross',
      'full-service-gross',
      'modified-gross',
      'single-net',
      'double-net',
      'triple-net',
      'absolute-net',
      'percentage',
      'ground-lease',
    ]) {
      expect(ids).toContain(id);
    }
    // The net leases add costs to the tenant one by one: N ⊂ NN ⊂ NNN.
    const tenantPays = (id: string) =>
      leaseTypes
        .find((lease) => lease.id === id)!
        .tenantPays.join(' ')
        .toLowerCase();
    expect(tenantPays('single-net')).toContain('taxes');
    expect(tenantPays('double-net')).toMatch(/taxes.*insurance/);
    expect(tenantPays('triple-net')).toMatch(/taxes.*insurance.*maintenance/);
    expect(leaseTypes.find((lease) => lease.id === 'absolute-net')!.landlordPays).toEqual([]);
  });
});

describe('competitive landscape and terms', () => {
  it('has six competitor cards, among them a direct all-in-one competitor and a virtual data room, each with strengths, weaknesses and how we win', () => {
    expect(competitors).toHaveLength(6);
    expect(competitors.map((competitor) => competitor.category)).toEqual(
      expect.arrayContaining(['All-in-one CRE marketing platform', 'Virtual data room']),
    );
    for (const competitor of competitors) {
      expect(competitor.strengths.length, competitor.name).toBeGreaterThanOrEqual(3);
      expect(competitor.weaknesses.length, competitor.name).toBeGreaterThanOrEqual(3);
      expect(competitor.howWeWin.length, competitor.name).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(competitors.map((competitor) => competitor.name)).size).toBe(6);
    expect(new Set(competitors.map((competitor) => competitor.order)).size).toBe(6);
  });

  it('has at least 25 abbreviations, each with its expansion', () => {
    expect(abbreviations.length).toBeGreaterThanOrEqual(25);
    const byKey = new Map(abbreviations);
    expect(byKey.get('NNN')?.expansion).toBe('Triple net');
    expect(byKey.get('NOI')?.expansion).toBe('Net operating income');
    expect(byKey.get('TI')?.expansion).toBe('Tenant improvements');
  });

  it('has at least 50 glossary terms, each with a real definition', () => {
    expect(glossary.length).toBeGreaterThanOrEqual(50);
    for (const [term, entry] of glossary) expect(entry.definition.length, term).toBeGreaterThan(40);
  });

  it('resolves every related term to a glossary term or an abbreviation', () => {
    const known = new Set([...glossary.map(([term]) => term), ...abbreviations.map(([abbreviation]) => abbreviation)]);
    for (const [term, entry] of glossary) {
      for (const related of entry.related ?? []) expect(known.has(related), `${term} → ${related}`).toBe(true);
    }
  });

  it('defines the marketing and deal terms a CRE marketing rep hears', () => {
    const terms = glossary.map(([term]) => term.toLowerCase());
    for (const needed of ['crm', 'data room', 'days on market', 'submarket', 'teaser', 'call for offers', 'cpm', 'build-to-suit']) {
      expect(
        terms.some((term) => term === needed || term.startsWith(`${needed} `) || term.includes(`(${needed})`)),
        needed,
      ).toBe(true);
    }
    const byKey = new Map(abbreviations);
    expect(byKey.get('CPM')?.expansion).toMatch(/Certified Property Manager/);
    expect(byKey.get('CPM')?.expansion).toMatch(/thousand impressions/);
  });
});

describe('industry schemas reject bad entries, naming the field', () => {
  const competitor = competitors[0]!;

  it('a competitor with too few strengths is rejected at `strengths`', () => {
    const result = competitorSchema.safeParse({ ...competitor, strengths: ['Cheap'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['strengths']);
  });

  it('a misspelt competitor field is an unrecognized key naming it', () => {
    const { howWeWin, ...rest } = competitor;
    const result = competitorSchema.safeParse({ ...rest, howWeWon: howWeWin });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toContain('howWeWin');
    const unknown = result.error!.issues.find((issue) => issue.code === 'unrecognized_keys');
    expect(unknown && 'keys' in unknown ? unknown.keys : []).toContain('howWeWon');
  });

  it('an abbreviation without its expansion is rejected at `expansion`', () => {
    const result = abbreviationSchema.safeParse({ review: REVIEW, meaning: 'Something.' });
    expect(result.error?.issues[0]?.path).toEqual(['expansion']);
  });

  it('an empty glossary definition is rejected at `definition`', () => {
    const result = glossaryTermSchema.safeParse({ review: REVIEW, definition: '   ' });
    expect(result.error?.issues[0]?.path).toEqual(['definition']);
  });

  it('a segment with an unknown icon is rejected with the full path', () => {
    const [first, ...rest] = overview!.segments;
    const result = industryOverviewSchema.safeParse({ ...overview, segments: [{ ...first, icon: 'skyscraper' }, ...rest] });
    expect(result.error?.issues[0]?.path).toEqual(['segments', 0, 'icon']);
  });
});

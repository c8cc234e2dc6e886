// Company content (content/company/*.yaml) against its schemas (src/schemas/company.ts) and the product's
// facts (docs/product.md "Company Overview (/company-overview)": 17 team members, founded 2015, 10 languages spoken). The YAML is
// read the way Astro's file() loader reads it: an array of entries with `id`, or an object keyed by id.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { REVIEW } from './schema-helpers';
import type { z } from 'astro/zod';
import {
  CORE_VALUE_NAMES,
  VALUE_PROPOSITION_NAMES,
  companySchema,
  coreValueSchema,
  differentiatorsSchema,
  historyEntrySchema,
  teamMemberSchema,
  valuePropositionSchema,
} from '~/schemas/company';

function entries(file: string): Array<[string, unknown]> {
  const data: unknown = parse(readFileSync(new URL(`../../content/company/${file}`, import.meta.url), 'utf8'));
  if (Array.isArray(data)) return data.map((item: { id: string }) => [item.id, item]);
  return Object.entries(data as Record<string, unknown>);
}

function load<S extends z.ZodType>(file: string, schema: S): Array<z.output<S>> {
  return entries(file).map(([id, raw]) => {
    const result = schema.safeParse(raw);
    if (!result.success) throw new Error(`${file} → ${id}: ${result.error.message}`);
    return result.data;
  });
}

const [company] = load('company.yaml', companySchema);
const valueProps = load('value-propositions.yaml', valuePropositionSchema).sort((a, b) => a.order - b.order);
const [differentiators] = load('differentiators.yaml', differentiatorsSchema);
const coreValues = load('core-values.yaml', coreValueSchema).sort((a, b) => a.order - b.order);
const team = load('team.yaml', teamMemberSchema);
const history = load('history.yaml', historyEntrySchema).sort((a, b) => a.year - b.year);

describe('company facts live in content and agree with each other', () => {
  it('states founded 2015, 17 team members and 10 languages', () => {
    expect(company?.name).toBe('Parcelwise');
    expect(company?.domain).toBe('parcelwise.example');
    expect(company?.facts).toEqual({ founded: 2015, teamSize: 17, languagesSpoken: 10 });
  });

  it('lists exactly as many team members as the stated team size (17)', () => {
    expect(team).toHaveLength(17);
    expect(team).toHaveLength(company!.facts.teamSize);
    expect(new Set(team.map((member) => member.id)).size).toBe(team.length);
    // Collections do not keep file order: each member has its own position, 1 to 17.
    expect(team.map((member) => member.order).sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, index) => index + 1));
  });

  it('the team speaks exactly the stated number of languages, and the banner says so', () => {
    const languages = new Set(team.flatMap((member) => member.languages));
    expect(languages.size).toBe(company!.facts.languagesSpoken);
    expect(company!.languagesBanner.title).toBe('Did you know?');
    expect(company!.languagesBanner.text).toContain(`${company!.facts.languagesSpoken} languages`);
    for (const language of languages) expect(company!.languagesBanner.text).toContain(language);
  });

  it('every team member has a name, a title and a real bio', () => {
    for (const member of team) {
      expect(member.bio.length, member.id).toBeGreaterThan(80);
      expect(member.title.length, member.id).toBeGreaterThan(3);
    }
  });

  it('the history runs from the founding year to 2026, one milestone per year', () => {
    expect(history[0]?.year).toBe(company!.facts.founded);
    expect(history.at(-1)?.year).toBe(2026);
    const years = history.map((entry) => entry.year);
    expect(years).toEqual(Array.from({ length: 2026 - 2015 + 1 }, (_, index) => 2015 + index));
  });
});

describe('value propositions, differentiators and core values', () => {
  it('has the four value propositions in the spec order, each with 3+ proof points', () => {
    expect(valueProps.map((item) => item.name)).toEqual(['ACCELERATE', 'ELEVATE', 'TARGET', 'INTEGRATE']);
    expect(VALUE_PROPOSITION_NAMES).toEqual(['ACCELERATE', 'ELEVATE', 'TARGET', 'INTEGRATE']);
    for (const item of valueProps) expect(item.proofPoints.length, item.name).toBeGreaterThanOrEqual(3);
  });

  it('has the four core values with the exact spec names', () => {
    expect(coreValues.map((value) => value.name)).toEqual([
      'Built on Transparency',
      'Set the Bar Higher',
      'Driven by Impact',
      'Prioritize Well-Being',
    ]);
    expect(CORE_VALUE_NAMES).toHaveLength(4);
    for (const value of coreValues) expect(value.behaviours.length, value.name).toBeGreaterThanOrEqual(3);
  });

  it('compares Parcelwise against other kinds of solution on every row', () => {
    const table = differentiators!.comparison;
    expect(table.columns[0]?.label).toBe('Parcelwise');
    expect(table.columns.length).toBeGreaterThanOrEqual(4);
    for (const row of table.rows) expect(Object.keys(row.ratings).sort()).toEqual(table.columns.map((c) => c.id).sort());
  });
});

describe('company schemas reject bad entries, naming the field', () => {
  const member = {
    review: REVIEW,
    id: 'jane-doe',
    order: 18,
    name: 'Jane Doe',
    title: 'Engineer',
    bio: 'Builds things.',
    languages: ['English'],
  };

  it('accepts a valid team member, with or without an avatar path', () => {
    expect(teamMemberSchema.safeParse(member).success).toBe(true);
    expect(teamMemberSchema.safeParse({ ...member, avatar: '/avatars/jane.webp' }).success).toBe(true);
  });

  it('a missing field is reported at its path', () => {
    const { bio: _bio, ...withoutBio } = member;
    const result = teamMemberSchema.safeParse(withoutBio);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('bio');
  });

  it('a misspelt field fails as an unrecognized key naming it (strict objects)', () => {
    const result = teamMemberSchema.safeParse({ ...member, titel: 'Engineer' });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((candidate) => candidate.code === 'unrecognized_keys');
    expect(issue && 'keys' in issue ? issue.keys : []).toContain('titel');
  });

  it('a nested bad field is reported with its full path', () => {
    const result = companySchema.safeParse({ ...company, facts: { ...company!.facts, teamSize: 'seventeen' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['facts', 'teamSize']);
  });

  it('a value proposition or core value outside the spec names is rejected at `name`', () => {
    const badProp = valuePropositionSchema.safeParse({ ...valueProps[0], name: 'ACCELERATED' });
    expect(badProp.error?.issues[0]?.path).toEqual(['name']);
    const badValue = coreValueSchema.safeParse({ ...coreValues[0], name: 'Built On Transparency' });
    expect(badValue.error?.issues[0]?.path).toEqual(['name']);
  });

  it('a comparison row that forgets a column is rejected at its ratings', () => {
    const table = differentiators!.comparison;
    const [first, ...rest] = table.rows;
    const { parcelwise: _dropped, ...ratings } = first!.ratings;
    const result = differentiatorsSchema.safeParse({
      ...differentiators,
      comparison: { ...table, rows: [{ ...first, ratings }, ...rest] },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['comparison', 'rows', 0, 'ratings']);
    expect(result.error?.issues[0]?.message).toContain('parcelwise');
  });

  it('a history year that is not a whole number is rejected at `year`', () => {
    const result = historyEntrySchema.safeParse({ ...history[0], year: '2015' });
    expect(result.error?.issues[0]?.path).toEqual(['year']);
  });
});

// The review block every content entry carries (owner, lastReviewed, reviewBy or reviewEveryMonths):
// accepted forms, the computed reviewBy, and each mistake rejected naming the field.
import { describe, expect, it } from 'vitest';
import { type z } from 'astro/zod';
import { review } from './common';

const schema = review();
const issues = (value: unknown) => {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map(
    (issue) => `${issue.path.join('.')}: ${issue.code === 'unrecognized_keys' ? issue.keys.join(',') : issue.message}`,
  );
};

describe('review block', () => {
  it('keeps a written reviewBy and computes one from reviewEveryMonths', () => {
    expect(schema.parse({ owner: 'sofia-ramirez', lastReviewed: '2026-10-02', reviewBy: '2027-01-15' })).toEqual({
      owner: 'sofia-ramirez',
      lastReviewed: '2026-10-02',
      reviewBy: '2027-01-15',
    });
    expect(schema.parse({ owner: 'aaliyah-brooks', lastReviewed: '2026-08-31', reviewEveryMonths: 6 }).reviewBy).toBe('2027-02-28');
  });

  it('accepts the Date objects a YAML parser may hand over, as calendar dates', () => {
    const parsed = schema.parse({ owner: 'wei-zhang', lastReviewed: new Date('2026-06-01T00:00:00Z'), reviewEveryMonths: 12 });
    expect(parsed).toEqual({ owner: 'wei-zhang', lastReviewed: '2026-06-01', reviewBy: '2027-06-01' });
  });

  it('needs exactly one of reviewBy and reviewEveryMonths', () => {
    expect(issues({ owner: 'a-b', lastReviewed: '2026-06-01' })).toEqual([
      'reviewBy: is missing: write either reviewBy (a date) or reviewEveryMonths (a number of months)',
    ]);
    expect(issues({ owner: 'a-b', lastReviewed: '2026-06-01', reviewBy: '2026-12-01', reviewEveryMonths: 6 })).toEqual([
      'reviewBy: (2026-12-01) and reviewEveryMonths (6) are both written: keep one of them',
    ]);
  });

  it('rejects impossible or badly written dates, a reviewBy not after lastReviewed or more than 24 months out', () => {
    expect(issues({ owner: 'a-b', lastReviewed: '2026-02-30', reviewEveryMonths: 6 })[0]).toMatch(
      /^lastReviewed: must be a date written YYYY-MM-DD/,
    );
    expect(issues({ owner: 'a-b', lastReviewed: '14/03/2026', reviewEveryMonths: 6 })[0]).toMatch(/^lastReviewed: must be a date/);
    expect(issues({ owner: 'a-b', lastReviewed: '2026-06-01', reviewBy: '2026-06-01' })).toEqual([
      'reviewBy: is 2026-06-01, which must come after lastReviewed (2026-06-01)',
    ]);
    expect(issues({ owner: 'a-b', lastReviewed: '2026-06-01', reviewBy: '2028-06-02' })).toEqual([
      'reviewBy: is 2028-06-02, which must be at most 24 months after lastReviewed (2026-06-01): 2028-06-01 at the latest',
    ]);
    expect(issues({ owner: 'a-b', lastReviewed: '2026-06-01', reviewEveryMonths: 36 })[0]).toMatch(/^reviewEveryMonths:/);
  });

  it('rejects an owner that is not a team member id, and unknown fields by name', () => {
    expect(issues({ owner: 'Aaliyah Brooks', lastReviewed: '2026-06-01', reviewEveryMonths: 6 })[0]).toMatch(
      /^owner: must be the id of a team member/,
    );
    expect(issues({ owner: 'a-b', lastReviewed: '2026-06-01', reviewEveryMonths: 6, reviewer: 'x' })).toEqual([': reviewer']);
  });

  it('documents every field for authors', () => {
    const shape = (schema as unknown as { _zod: { def: { in: z.ZodObject } } })._zod.def.in.shape;
    for (const [name, field] of Object.entries(shape)) expect(field.description, name).toBeTruthy();
    expect(schema.description).toMatch(/owner .*lastReviewed .*reviewBy .*reviewEveryMonths/);
  });
});

// The review-load rules on small synthetic sets of entries: each passes at its limit and fails past it.
import { describe, expect, it } from 'vitest';
import { checkReviewLoad, weekOf } from './review-load';
import type { ParsedEntry } from './schema-check';

/** An entry owned by `owner`, due on `reviewBy`. */
const entry = (n: number, owner: string, reviewBy: string): ParsedEntry =>
  ({
    file: `content/x/${n}.yaml`,
    id: String(n),
    parsed: { review: { owner, lastReviewed: '2026-01-05', reviewBy } },
  }) as unknown as ParsedEntry;

const OWNERS = ['ana', 'ben', 'cai', 'dev', 'eli', 'fay', 'gus', 'hal'];
/** `count` entries spread over four owners and many weeks. */
const spread = (count: number) => Array.from({ length: count }, (_, n) => entry(n, OWNERS[n % 4]!, `2027-0${1 + (n % 9)}-1${n % 7}`));

describe('review load', () => {
  it('puts a date in the week that starts on its Monday', () => {
    expect(weekOf('2027-09-13')).toBe('2027-09-13'); // a Monday
    expect(weekOf('2027-09-19')).toBe('2027-09-13'); // the Sunday after
    expect(weekOf('2027-09-20')).toBe('2027-09-20');
    expect(weekOf('2027-01-01')).toBe('2026-12-28'); // across the year
  });

  it('passes an owner at 25% of the entries and fails one past it, naming the files', () => {
    const quarter = [...Array.from({ length: 5 }, (_, n) => entry(100 + n, 'eve', `2027-02-0${1 + n}`)), ...spread(15)];
    expect(checkReviewLoad(quarter)).toEqual([]);
    const [problem, ...rest] = checkReviewLoad([...quarter, entry(200, 'eve', '2027-03-01')]);
    expect(rest).toEqual([]);
    expect(problem?.where).toBe('Team member "eve"');
    expect(problem?.message).toBe(
      "owns 28.6% of the 21 reviewed entries (6); at most 25% is allowed, so that no one person's absence leaves the hub unchecked",
    );
    expect(problem?.fix).toContain('content/x/100.yaml (1)');
  });

  it('passes 20 entries due in one week and fails 21, Monday to Sunday', () => {
    const days = ['2027-09-13', '2027-09-15', '2027-09-19'];
    const week = (count: number) => Array.from({ length: count }, (_, n) => entry(n, OWNERS[n % 8]!, days[n % 3]!));
    expect(checkReviewLoad([...week(20), entry(99, 'ana', '2027-09-20')])).toEqual([]);
    const problems = checkReviewLoad(week(21));
    expect(problems.map((problem) => `${problem.where} ${problem.message}`)).toEqual([
      'The week of 2027-09-13 has 21 entries due for review; at most 20 a week is allowed, or the reviews become a tick instead of a check',
    ]);
  });

  it('ignores entries without a parsed review', () => {
    expect(checkReviewLoad([{ file: 'a', id: 'a', parsed: {} } as unknown as ParsedEntry])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { localDayOf } from './days';
import { challengeStreak } from './streak';

// Every day of the week: the rule of grace days and holds, without days off.
const ALL_WEEK = [1, 2, 3, 4, 5, 6, 7];
const T = 20_000;
const days = (...offsets: number[]) => offsets.map((offset) => T - offset);

describe('challenge streak', () => {
  it.each([
    ['no answers', [], 0],
    ['today only', days(0), 1],
    ['yesterday only: today is still open', days(1), 1],
    ['five days in a row', days(0, 1, 2, 3, 4), 5],
    ['one day off is a grace day', days(0, 1, 3, 4), 4],
    ['today open and yesterday off: the grace day', days(2, 3), 2],
    ['two days off in a row end it', days(0, 3, 4), 1],
    ['two single days off within a week end it at the second', days(0, 2, 3, 5, 6), 3],
    ['two single days off a week apart are both forgiven', days(0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 16, 17), 16],
    ['a long break long ago does not count', days(0, 1, 30, 31, 32), 2],
  ] as const)('%s', (_name, answered, expected) => {
    expect(challengeStreak(answered, T, { workingDays: ALL_WEEK })).toBe(expected);
  });
});

describe('challenge streak over a vacation hold', () => {
  it('neither breaks nor counts on the days of the hold', () => {
    const hold = { from: T - 12, until: T - 3 };
    const options = { workingDays: ALL_WEEK };
    expect(challengeStreak(days(0, 1, 2, 13, 14), T, { ...options, hold })).toBe(5);
    expect(challengeStreak(days(0, 1, 2, 13, 14), T, { ...options, hold: null })).toBe(3);
    expect(challengeStreak(days(13, 14), T - 5, { ...options, hold })).toBe(2);
  });
});

describe('challenge streak over the working week', () => {
  // Day numbers of dates (UTC midnight), so the weekdays read as a calendar: 2026-03-02 is a Monday.
  const d = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  const dates = (...list: string[]) => list.map(d);
  const twoWeeks = dates('2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06');
  const nextWeek = dates('2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13');

  it('is Monday to Friday by default: a weekend without answers breaks nothing and adds nothing', () => {
    expect(challengeStreak([...twoWeeks, ...nextWeek], d('2026-03-13'))).toBe(10);
    // Monday, not yet answered: the weekend before it is skipped, Friday's streak stands.
    expect(challengeStreak(twoWeeks, d('2026-03-09'))).toBe(5);
    // Across three weekends without a grace day used.
    const month = [0, 7, 14].flatMap((week) => twoWeeks.map((day) => day + week));
    expect(challengeStreak(month, d('2026-03-20'))).toBe(15);
  });

  it('counts an answer given on a day off', () => {
    expect(challengeStreak([...twoWeeks, d('2026-03-07'), ...nextWeek], d('2026-03-13'))).toBe(11);
    expect(challengeStreak([...twoWeeks, d('2026-03-07'), d('2026-03-08')], d('2026-03-09'))).toBe(7);
  });

  it('takes a holiday on a working day as a missed day: the grace day covers one, a second in the week ends it', () => {
    const withoutWednesday = nextWeek.filter((day) => day !== d('2026-03-11'));
    expect(challengeStreak([...twoWeeks, ...withoutWednesday], d('2026-03-13'))).toBe(9);
    const withoutWednesdayOrMonday = withoutWednesday.filter((day) => day !== d('2026-03-09'));
    expect(challengeStreak([...twoWeeks, ...withoutWednesdayOrMonday], d('2026-03-13'))).toBe(3);
  });

  it('skips only the days the person does not work: Sunday to Thursday', () => {
    const sundayToThursday = [7, 1, 2, 3, 4];
    const week = dates('2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12');
    const previous = dates('2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05');
    expect(challengeStreak([...previous, ...week], d('2026-03-12'), { workingDays: sundayToThursday })).toBe(10);
    // The same answers under the default week: Sunday is a day off answered (counts), Friday and Saturday are skipped.
    expect(challengeStreak([...previous, ...week], d('2026-03-12'))).toBe(10);
    // Without Friday's answer a Monday-to-Friday week misses a working day; Sunday to Thursday does not.
    expect(challengeStreak([...twoWeeks.slice(0, 4), ...nextWeek], d('2026-03-13'), { workingDays: [1, 2, 3, 4] })).toBe(9);
  });

  it('applies the current working days to the whole history when they change mid-streak', () => {
    // Worked Monday to Saturday, answering on Saturdays too, then moved to Monday to Friday: nothing is lost.
    const saturdays = [...twoWeeks, d('2026-03-07'), ...nextWeek];
    expect(challengeStreak(saturdays, d('2026-03-13'), { workingDays: [1, 2, 3, 4, 5, 6] })).toBe(11);
    expect(challengeStreak(saturdays, d('2026-03-13'), { workingDays: [1, 2, 3, 4, 5] })).toBe(11);
    // Moved the other way, to a seven-day week: past weekends without answers are now missed days.
    const weeks = [0, 7, 14].flatMap((week) => twoWeeks.map((day) => day + week));
    expect(challengeStreak(weeks, d('2026-03-20'), { workingDays: [1, 2, 3, 4, 5] })).toBe(15);
    expect(challengeStreak(weeks, d('2026-03-20'), { workingDays: ALL_WEEK })).toBe(5);
  });

  it('never shrinks a streak counted before days off existed (every day a working day)', () => {
    const histories = [
      [...twoWeeks, d('2026-03-07'), d('2026-03-08'), ...nextWeek],
      [...twoWeeks, d('2026-03-08'), ...nextWeek.filter((day) => day !== d('2026-03-11'))],
      [...twoWeeks.slice(1), d('2026-03-07'), ...nextWeek.slice(0, 3)],
      dates('2026-03-01', '2026-03-03', '2026-03-05', '2026-03-07', '2026-03-10', '2026-03-12'),
    ];
    for (const history of histories) {
      for (const today of [d('2026-03-12'), d('2026-03-13'), d('2026-03-14'), d('2026-03-16')]) {
        const before = challengeStreak(history, today, { workingDays: ALL_WEEK });
        expect(challengeStreak(history, today), `${history.join()} on ${today}`).toBeGreaterThanOrEqual(before);
      }
    }
  });
});

describe("the streak's days are the person's local days", () => {
  it('puts a late-evening answer on that evening, not on the next UTC day', () => {
    // Friday 2026-03-06 at 21:00 in New York is Saturday 02:00 UTC.
    const friday = new Date('2026-03-07T02:00:00Z');
    expect(localDayOf(friday, 'America/New_York')).toBe(Date.parse('2026-03-06T00:00:00Z') / 86_400_000);
    expect(localDayOf(friday, null)).toBe(Date.parse('2026-03-07T00:00:00Z') / 86_400_000);
    // Tokyo's Monday 08:00 is Sunday 23:00 UTC.
    expect(localDayOf(new Date('2026-03-08T23:00:00Z'), 'Asia/Tokyo')).toBe(Date.parse('2026-03-09T00:00:00Z') / 86_400_000);
  });

  it('keeps an evening answerer in New York on their working days all week', () => {
    const zone = 'America/New_York';
    // Monday to Friday at 21:00 New York time (01:00 or 02:00 UTC the next day), two weeks.
    const answers = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13'].map((day) => new Date(`2026-03-${day}T21:00:00-05:00`));
    const now = new Date('2026-03-13T22:00:00-04:00');
    expect(
      challengeStreak(
        answers.map((at) => localDayOf(at, zone)),
        localDayOf(now, zone),
      ),
    ).toBe(10);
    // Counted in UTC days the same answers fall on Tuesday to Saturday: Monday missed, Saturday a day off.
    expect(
      challengeStreak(
        answers.map((at) => localDayOf(at, null)),
        localDayOf(now, null),
      ),
    ).toBe(10);
    expect(new Set(answers.map((at) => localDayOf(at, null))).has(Date.parse('2026-03-14T00:00:00Z') / 86_400_000)).toBe(true);
  });
});

// A card on a given day: due, predicted recall, mastery, "likely to forget soon", and a vacation hold.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from './days';
import { applyAnswer, type Card } from './memory';
import { dueDay, forgetSoonDay, isDue, isMastered, masteryPercent, recallOn, recallPercent, resolveHold } from './schedule';

const D = 20_000;
const at = (day: number) => day * DAY_MS + 9 * 60 * 60 * 1000;
/** A card answered right on each of these days. */
const rightOn = (...days: number[]): Card =>
  days.reduce<Card | null>((card, day) => applyAnswer(card, { correct: true, confidence: null, at: at(day), revision: 1 }), null)!;

describe('due and recall', () => {
  it('is due from its due day, when recall has fallen to about 90%', () => {
    const card = rightOn(D, D + 3);
    expect(isDue(card, card.due - 1, null)).toBe(false);
    expect(isDue(card, card.due, null)).toBe(true);
    expect(recallOn(card, card.due, null)).toBeGreaterThan(0.85);
    expect(recallOn(card, card.due, null)).toBeLessThan(0.92);
    expect(recallOn(card, D + 3, null)).toBe(1);
  });

  it('lists a card as likely to forget soon with the day its recall falls under 80%', () => {
    const card = rightOn(D);
    const day = forgetSoonDay(card, D + 1, null)!;
    expect(recallOn(card, day - 1, null)).toBeGreaterThanOrEqual(0.8);
    expect(recallOn(card, day, null)).toBeLessThan(0.8);
    expect(forgetSoonDay(rightOn(D, D + 3, D + 12, D + 40), D + 41, null)).toBeNull();
  });

  it('counts mastery when recall 21 days ahead is at least 90%', () => {
    const young = rightOn(D, D + 3);
    const strong = rightOn(D, D + 3, D + 12, D + 40, D + 120);
    expect(isMastered(young, D + 3, null)).toBe(false);
    expect(isMastered(strong, D + 120, null)).toBe(true);
    expect(masteryPercent(['a', 'b', 'c', 'd'], { a: strong, b: young }, D + 120, null)).toBe(25);
    expect(recallPercent(['a', 'b', 'c'], { a: strong }, D + 120, null)).toBe(100);
    expect(recallPercent(['c'], {}, D, null)).toBeNull();
  });
});

describe('a vacation hold', () => {
  const card = rightOn(D, D + 3); // due a week or two later
  const hold = resolveHold(D + 30, [D, D + 3])!; // away from the day after the last answer

  it('covers the days from the day after the last answer before its end', () => {
    expect(hold).toEqual({ from: D + 4, until: D + 30 });
    expect(resolveHold(null, [D])).toBeNull();
    expect(resolveHold(D + 5, [])).toEqual({ from: D + 5, until: D + 5 });
    expect(resolveHold(D + 5, [D + 9])).toEqual({ from: D + 5, until: D + 5 });
  });

  it('lets nothing fall due while it lasts, then shifts dues by its length and pauses recall over it', () => {
    for (let day = D + 4; day <= D + 30; day++) expect(isDue(card, day, hold)).toBe(false);
    expect(dueDay(card, hold)).toBe(card.due + 27);
    expect(isDue(card, card.due + 26, hold)).toBe(false);
    expect(isDue(card, card.due + 27, hold)).toBe(true);
    expect(recallOn(card, D + 30, hold)).toBe(recallOn(card, D + 3, null));
    expect(recallOn(card, card.due + 27, hold)).toBe(recallOn(card, card.due, null));
    // A card answered during the hold is not shifted.
    const during = rightOn(D + 10);
    expect(dueDay(during, hold)).toBe(during.due);
  });
});

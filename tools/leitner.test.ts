import { describe, expect, it } from 'vitest';
import { applyAnswer, dayOf, foldAnswers, isDue, masteryPercent, MASTERED_BOX, type Card } from './leitner';

const D = 20_000;
const card = (box: number, due: number): Card => ({ box, due, last: due - 1, reviews: 3, lapses: 1 });

describe('Leitner schedule: transitions', () => {
  it.each([
    ['new, right → box 2, due in 3 days', null, true, D, { box: 2, due: D + 3 }],
    ['new, wrong → box 1, due tomorrow', null, false, D, { box: 1, due: D + 1 }],
    ['box 1 due, right → box 2 (3 days)', card(1, D), true, D, { box: 2, due: D + 3 }],
    ['box 2 due, right → box 3 (7 days)', card(2, D), true, D, { box: 3, due: D + 7 }],
    ['box 3 overdue, right → box 4 (16 days from today)', card(3, D - 5), true, D, { box: 4, due: D + 16 }],
    ['box 4 due, right → box 5 (35 days)', card(4, D), true, D, { box: 5, due: D + 35 }],
    ['box 5 due, right → mastered', card(5, D), true, D, { box: MASTERED_BOX, due: D }],
    ['box 4 due, wrong → box 1', card(4, D), false, D, { box: 1, due: D + 1 }],
    ['box 3 not due yet, wrong → box 1', card(3, D + 4), false, D, { box: 1, due: D + 1 }],
    ['box 3 not due yet, right → unchanged (no cramming)', card(3, D + 4), true, D, { box: 3, due: D + 4 }],
    ['mastered, right → stays mastered', card(MASTERED_BOX, D - 50), true, D, { box: MASTERED_BOX, due: D - 50 }],
    ['mastered, wrong → back to box 1', card(MASTERED_BOX, D - 50), false, D, { box: 1, due: D + 1 }],
  ] as const)('%s', (_name, before, correct, day, expected) => {
    const after = applyAnswer(before, correct, day);
    expect(after).toMatchObject({ ...expected, last: day });
    expect(after.reviews).toBe((before?.reviews ?? 0) + 1);
    expect(after.lapses).toBe((before?.lapses ?? 0) + (correct ? 0 : 1));
  });

  it('due from the due day on, never once mastered', () => {
    expect(isDue(card(2, D), D - 1)).toBe(false);
    expect(isDue(card(2, D), D)).toBe(true);
    expect(isDue(card(2, D), D + 9)).toBe(true);
    expect(isDue(card(MASTERED_BOX, D), D + 9)).toBe(false);
  });

  it('folds answers oldest first whatever their order', () => {
    const at = (day: number) => day * 24 * 60 * 60 * 1000 + 5000;
    const answers = [
      { questionKey: '1:q1', correct: true, at: at(D + 3) },
      { questionKey: '1:q1', correct: true, at: at(D) },
      { questionKey: '1:q2', correct: false, at: at(D) },
    ];
    const cards = foldAnswers({}, answers);
    expect(cards['1:q1']).toMatchObject({ box: 3, due: D + 10, reviews: 2 });
    expect(cards['1:q2']).toMatchObject({ box: 1, due: D + 1, lapses: 1 });
    expect(foldAnswers({}, [...answers].reverse())).toEqual(cards);
    expect(dayOf(new Date(at(D)))).toBe(D);
  });

  it('walks a question from new to mastered on schedule: right on each due day', () => {
    let current: Card | null = null;
    let day = D;
    const boxes: number[] = [];
    for (let i = 0; i < 6; i++) {
      current = applyAnswer(current, true, day);
      boxes.push(current.box);
      day = current.due;
    }
    expect(boxes).toEqual([2, 3, 4, 5, MASTERED_BOX, MASTERED_BOX]);
  });
});

describe('mastery', () => {
  it.each([
    [['a', 'b', 'c', 'd'], {}, 0],
    [['a', 'b', 'c', 'd'], { a: { box: 3 } }, 25],
    [['a', 'b', 'c', 'd'], { a: { box: 2 }, b: { box: 1 } }, 0],
    [['a', 'b', 'c'], { a: { box: 3 }, b: { box: 5 }, c: { box: MASTERED_BOX } }, 100],
    [['a', 'b', 'c'], { a: { box: 4 }, x: { box: 5 } }, 33],
    [[], { a: { box: 5 } }, 0],
  ] as const)('%j with %j → %i%', (keys, cards, expected) => {
    expect(masteryPercent(keys, cards)).toBe(expected);
  });
});

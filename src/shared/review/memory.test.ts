// The memory model against ts-fsrs itself: the fold gives the states of calling ts-fsrs step by step,
// whatever the order the answers come in or where a snapshot cut the history.
import { createEmptyCard, default_w, fsrs, Rating, type Card as FsrsCard } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { DAY_MS, dayOf } from './days';
import { applyAnswer, foldAnswers, gradeOf, recallAfter, resetChangedCards, type Answer, type Card } from './memory';

const T0 = Date.parse('2030-01-01T09:30:00.000Z');
const at = (days: number, hours = 0) => T0 + days * DAY_MS + hours * 60 * 60 * 1000;
const answer = (days: number, correct: boolean, confidence: Answer['confidence'] = null, hours = 0): Answer => ({
  questionKey: '1:q1',
  correct,
  confidence,
  at: at(days, hours),
  revision: 1,
});

/** Same history, ts-fsrs called directly: FSRS-6 defaults, retention 0.9, no fuzz, no short-term steps. */
function stepByStep(answers: readonly Answer[]): FsrsCard[] {
  const reference = fsrs({ w: default_w, request_retention: 0.9, enable_fuzz: false, enable_short_term: false });
  let card = createEmptyCard(new Date(answers[0]!.at));
  return answers.map((item) => {
    card = reference.next(card, new Date(item.at), gradeOf(item.correct, item.confidence)).card;
    return card;
  });
}

const HISTORY: Answer[] = [
  answer(0, true),
  answer(0, false, null, 3), // the same day
  answer(1, true, 'unsure'),
  answer(4, true, 'sure'),
  answer(15, false, 'sure'),
  answer(16, true),
  answer(40, true, 'unsure'),
  answer(41, true, 'sure', 20),
  answer(120, true),
];

describe('the fold of answers (FSRS-6 through ts-fsrs)', () => {
  it('grades: wrong is Again, right and not sure is Hard, right otherwise Good', () => {
    expect([gradeOf(false, 'sure'), gradeOf(false, null), gradeOf(true, 'unsure'), gradeOf(true, 'sure'), gradeOf(true, null)]).toEqual([
      Rating.Again,
      Rating.Again,
      Rating.Hard,
      Rating.Good,
      Rating.Good,
    ]);
  });

  it('gives the states of calling ts-fsrs step by step, after every answer', () => {
    const expected = stepByStep(HISTORY);
    let card: Card | null = null;
    for (const [index, item] of HISTORY.entries()) {
      card = applyAnswer(card, item);
      const reference = expected[index]!;
      expect(card).toEqual({
        stability: reference.stability,
        difficulty: reference.difficulty,
        reps: reference.reps,
        lapses: reference.lapses,
        last: dayOf(reference.last_review!),
        due: dayOf(reference.due),
        first: dayOf(HISTORY[0]!.at),
        revision: 1,
      });
    }
  });

  it('is deterministic: any order of the answers, and any cut into a snapshot and the rest, folds alike', () => {
    const whole = foldAnswers({}, HISTORY);
    expect(foldAnswers({}, [...HISTORY].reverse())).toEqual(whole);
    for (let cut = 1; cut < HISTORY.length; cut++) {
      const snapshot = JSON.parse(JSON.stringify(foldAnswers({}, HISTORY.slice(0, cut)))) as Record<string, Card>;
      expect(foldAnswers(snapshot, HISTORY.slice(cut))).toEqual(whole);
    }
  });

  it('a confident wrong answer leaves lower recall than an unsure right one', () => {
    const wrong = applyAnswer(applyAnswer(null, answer(0, true)), answer(3, false, 'sure'));
    const unsure = applyAnswer(applyAnswer(null, answer(0, true)), answer(3, true, 'unsure'));
    expect(recallAfter(wrong, 2)).toBeLessThan(recallAfter(unsure, 2));
    expect(wrong.due).toBeLessThan(unsure.due);
  });

  it('starts a card afresh on a later material revision; ignores an answer on an earlier one', () => {
    const before = foldAnswers({}, HISTORY.slice(0, 4));
    const reset = resetChangedCards(before, new Map([['1:q1', 2]]));
    expect(reset['1:q1']).toMatchObject({ reps: 0, stability: 0, due: before['1:q1']!.last, first: dayOf(T0), revision: 2 });
    expect(recallAfter(reset['1:q1']!, 0)).toBe(0);
    const fresh = applyAnswer(null, { ...answer(20, true), revision: 2 });
    expect(applyAnswer(reset['1:q1']!, { ...answer(20, true), revision: 2 })).toEqual({ ...fresh, first: dayOf(T0) });
    // An event on the new revision restarts the card in the fold itself, as the reset would.
    expect(foldAnswers(before, [{ ...answer(20, true), revision: 2 }])).toEqual({ '1:q1': { ...fresh, first: dayOf(T0) } });
    expect(applyAnswer(fresh, answer(21, false))).toBe(fresh);
    // Unchanged questions and revisions already reached keep their cards.
    expect(resetChangedCards(before, new Map([['1:q1', 1]]))).toEqual(before);
  });
});

// Practice in the team figures: the journal keeps each outcome in its key, and the fold counts attempts
// waiting for review and scenarios passed, and gives plans the time of the first passing review.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useLocalBlobs } from '~tools/local-blobs/for-tests';
import { journal, type PracticeOutcome } from '~/server/journal/journal';
import { factEventId } from '~/server/storage/keys';
import { emptyFigures, foldEntries } from './team-rollup-fold';

useLocalBlobs();

const T0 = new Date('2027-03-01T09:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

async function practised(userId: string, scenarioId: string, attempt: string, outcome: PracticeOutcome, at: Date) {
  await journal.add(
    userId,
    { kind: 'practice', scenarioId, outcome, recordedAt: at.toISOString() },
    factEventId(at, 'practice', userId, attempt, outcome),
  );
}

describe('practice in the team figures', () => {
  it('reads each outcome back from the journal keys and folds waiting, passed and the plan evidence', async () => {
    await practised('ana', 'cold-call-opener-marketing-manager', 'a1', 'submitted', minutes(0));
    await practised('ana', 'voicemail-property-management-director', 'a2', 'submitted', minutes(1));
    await practised('ana', 'renewal-low-adoption-offices', 'a3', 'submitted', minutes(2));
    await practised('ana', 'renewal-low-adoption-offices', 'a3', 'withdrawn', minutes(3));
    await practised('ana', 'cold-call-opener-marketing-manager', 'a1', 'passed', minutes(10));
    await practised('ana', 'voicemail-property-management-director', 'a2', 'try-again', minutes(11));
    await practised('ben', 'voicemail-property-management-director', 'b1', 'submitted', minutes(12));

    const entries = await journal.since(minutes(0), minutes(20));
    expect(entries.map((entry) => [entry.userId, entry.fact])).toContainEqual([
      'ana',
      { kind: 'practice', scenarioId: 'voicemail-property-management-director', outcome: 'try-again' },
    ]);
    const figures = foldEntries({}, entries);
    expect(figures['ana']).toMatchObject({
      practiceWaiting: 0,
      practicePassed: ['cold-call-opener-marketing-manager'],
      planEvidence: { 'practice:cold-call-opener-marketing-manager': minutes(10).toISOString() },
      // A review is the reviewer's doing: the rep was last active when they withdrew an attempt.
      lastActive: minutes(3).toISOString(),
    });
    expect(figures['ben']).toMatchObject({ practiceWaiting: 1, practicePassed: [] });
  });

  it('keeps within a key segment for the longest scenario id content allows and a real user id', async () => {
    const userId = randomUUID();
    const scenarioId = `${'a'.repeat(47)}b`;
    for (const outcome of ['submitted', 'withdrawn', 'passed', 'try-again'] as const)
      await practised(userId, scenarioId, 'x', outcome, minutes(30));
    const mine = (await journal.since(minutes(30), minutes(31))).filter((entry) => entry.userId === userId);
    expect(mine.map((entry) => entry.fact)).toEqual(
      expect.arrayContaining(
        (['submitted', 'withdrawn', 'passed', 'try-again'] as const).map((outcome) => ({ kind: 'practice', scenarioId, outcome })),
      ),
    );
    expect(mine).toHaveLength(4);
  });

  it('never counts fewer than none waiting, and a later pass keeps the first as the plan evidence', () => {
    const entry = (outcome: PracticeOutcome, at: Date) => ({
      id: factEventId(at, 'practice', 'cy', outcome, at.toISOString()),
      userId: 'cy',
      at,
      fact: { kind: 'practice' as const, scenarioId: 'demo-opening-decision-maker', outcome },
    });
    const figures = foldEntries({ cy: emptyFigures() }, [entry('passed', minutes(0)), entry('passed', minutes(5))]);
    expect(figures['cy']).toMatchObject({
      practiceWaiting: 0,
      practicePassed: ['demo-opening-decision-maker'],
      planEvidence: { 'practice:demo-opening-decision-maker': minutes(0).toISOString() },
    });
  });
});

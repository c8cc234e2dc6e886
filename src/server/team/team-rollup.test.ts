// A fact journaled twice counts once in the team figures (docs/decisions.md "Repeated and retried writes"):
// entries with ids derived from the same fact are one fact, in one batch (mergeEntries) and across
// refreshes (the lookback listed before the watermark), and the incremental figures equal a rebuild.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { factEventId } from '~/server/storage/keys';
import { RETRY_WINDOW_MS } from '~/server/retries';
import { journal, type JournalEntry, type JournalEvent } from '~/server/journal/journal';
import { rebuildRollups, refreshTeamRollup, SETTLE_MS } from './team-rollup';
import { factKeyOf, mergeEntries, type MemberFigures } from './team-rollup-fold';
import { readCard } from '~/server/review/cards';

const T0 = new Date('2027-02-01T09:00:00.000Z');
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** How many answers the member's card of question 1:q1 holds. */
const repsOf = (member: MemberFigures | undefined) => {
  const card = member?.cards['1:q1'];
  return card ? readCard(card).reps : 0;
};

const missed = (at: Date): JournalEvent => ({
  kind: 'answer',
  questionKey: '1:q1',
  correct: false,
  confidence: null,
  materialRevision: 1,
  recordedAt: at.toISOString(),
});

describe('one fact, several journal entries', () => {
  const entry = (id: string, at: Date, userId = 'ana'): JournalEntry => ({
    id,
    userId,
    at,
    fact: { kind: 'answer', questionKey: '1:q1', correct: true, confidence: null, materialRevision: 1 },
  });

  it('ids derived from the same fact name one fact whatever their times; random ids and other people stay apart', () => {
    const first = factEventId(minutes(0), 'review', 'ana', 'key-1', '1:q1');
    const retried = factEventId(minutes(4), 'review', 'ana', 'key-1', '1:q1');
    expect(first).not.toBe(retried);
    expect(factKeyOf(entry(first, minutes(0)))).toBe(factKeyOf(entry(retried, minutes(4))));
    expect(factKeyOf(entry(first, minutes(0)))).not.toBe(factKeyOf(entry(first, minutes(0), 'ben')));
    expect(factKeyOf(entry(factEventId(minutes(0), 'review', 'ana', 'key-2', '1:q1'), minutes(0)))).not.toBe(
      factKeyOf(entry(first, minutes(0))),
    );
    expect(factKeyOf(entry('2027-02-01T09-00-00-000Z_1a2b3c4d', minutes(0)))).not.toBe(
      factKeyOf(entry('2027-02-01T09-00-00-000Z_5e6f7a8b', minutes(0))),
    );
  });

  it('keeps the first entry of a fact; entries before `since` only mark their facts as counted', () => {
    const first = entry(factEventId(minutes(0), 'x', 1), minutes(0));
    const again = entry(factEventId(minutes(3), 'x', 1), minutes(3));
    const other = entry(factEventId(minutes(2), 'x', 2), minutes(2));
    expect(mergeEntries([[again, other], [first]])).toEqual([first, other]);
    expect(mergeEntries([[again, other, first]], minutes(1))).toEqual([other]);
  });
});

describe('the rollup against a local BlobsServer', () => {
  let blobs: LocalBlobs;
  beforeAll(async () => {
    blobs = await startLocalBlobs();
  });
  afterAll(() => blobs?.stop());

  it('counts an answer journaled again by a retry once, when the first entry was committed by an earlier refresh, and equals a rebuild', async () => {
    const ana = randomUUID();
    const fact = ['quiz', ana, 'submission-key', 1, 'q1'] as const;
    await journal.add(ana, missed(minutes(0)), factEventId(minutes(0), ...fact));
    const firstRefresh = await refreshTeamRollup(new Date(minutes(0).getTime() + SETTLE_MS + 60_000));
    expect(repsOf(firstRefresh.committed.members[ana])).toBe(1);

    // A retry, minutes later (within the retry window), journals the same answer again under a later time.
    const retriedAt = new Date(minutes(0).getTime() + RETRY_WINDOW_MS - 60_000);
    await journal.add(ana, missed(retriedAt), factEventId(retriedAt, ...fact));
    const shown = await refreshTeamRollup(new Date(retriedAt.getTime() + 1000));
    expect(repsOf(shown.view[ana])).toBe(1);
    const later = new Date(retriedAt.getTime() + SETTLE_MS + 60_000);
    const incremental = await refreshTeamRollup(later);
    expect(repsOf(incremental.committed.members[ana])).toBe(1);
    expect(Object.values(incremental.committed.answerStats['1:q1'] ?? {})).toEqual([[1, 1, 0]]);

    await rebuildRollups(later);
    const rebuilt = await refreshTeamRollup(later);
    expect(rebuilt.committed.members[ana]).toEqual(incremental.committed.members[ana]);
    expect(rebuilt.committed.answerStats['1:q1']).toEqual(incremental.committed.answerStats['1:q1']);
  });
});

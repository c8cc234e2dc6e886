// Everybody's outcomes for the team's ramp: read through the team index, with only the documents changed since
// it was saved read again, and right after every change (a new person, a changed list, a person's outcomes gone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundWorkDone } from '~/server/background';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { withTrace } from '~tools/local-blobs/trace';
import { outcomes, type StoredOutcome } from './outcomes';

const ANN = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const outcome = (milestone: string, date: string): StoredOutcome => ({
  milestone,
  date,
  note: null,
  eventId: null,
  recordedBy: { id: null, name: 'test' },
  recordedAt: '2026-12-01T10:00:00.000Z',
});

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(() => blobs.stop());

/** Everybody's outcomes as plain objects, with the Blobs operations the read waited for (the index save comes after). */
async function readEveryone() {
  const { result, operations } = await withTrace(async (trace) => ({
    result: await outcomes.readEveryone(),
    operations: trace.operations,
  }));
  const waited = operations.filter((operation) => !operation.background).map(({ kind, key }) => `${kind} ${key}`);
  await backgroundWorkDone();
  return { everyone: Object.fromEntries(result), waited: waited.sort() };
}

async function record(userId: string, list: StoredOutcome[]) {
  expect(await outcomes.write(userId, list, await outcomes.read(userId))).toBe(true);
}

describe("everybody's outcomes", () => {
  it('reads every document the first time, then only the index and the listing, then only what changed', async () => {
    await record(ANN, [outcome('first-meeting', '2026-10-01')]);
    await record(BEN, [outcome('first-opportunity', '2026-11-02')]);

    const first = await readEveryone();
    expect(first.everyone).toEqual({ [ANN]: { 'first-meeting': '2026-10-01' }, [BEN]: { 'first-opportunity': '2026-11-02' } });
    expect(first.waited).toEqual([
      `get ramp-outcomes-index/team`,
      `get ramp-outcomes/${ANN}`,
      `get ramp-outcomes/${BEN}`,
      'list ramp-outcomes/',
    ]);

    const again = await readEveryone();
    expect(again.everyone).toEqual(first.everyone);
    expect(again.waited).toEqual(['get ramp-outcomes-index/team', 'list ramp-outcomes/']);

    await record(BEN, [outcome('first-opportunity', '2026-11-02'), outcome('first-proposal', '2026-11-20')]);
    const changed = await readEveryone();
    expect(changed.everyone[BEN]).toEqual({ 'first-opportunity': '2026-11-02', 'first-proposal': '2026-11-20' });
    expect(changed.everyone[ANN]).toEqual({ 'first-meeting': '2026-10-01' });
    expect(changed.waited).toEqual(['get ramp-outcomes-index/team', `get ramp-outcomes/${BEN}`, 'list ramp-outcomes/']);

    await record(ANN, []);
    expect((await readEveryone()).everyone[ANN]).toEqual({});
    expect((await readEveryone()).waited).toEqual(['get ramp-outcomes-index/team', 'list ramp-outcomes/']);
  });
});

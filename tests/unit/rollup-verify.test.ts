// The team figures against their events (`npm run rollups:verify`), on a local Blobs server: a rollup the
// scheduled refresh keeps equals a rebuild from the events; a rollup that lost or doubled a fact is named
// figure by figure; and the scheduled refresh cut off at any of its Blobs requests — before the request
// leaves, or after it landed with its answer lost — leaves a rollup that still equals the rebuild, and the
// next run catches up with every event.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '~/server/accounts/storage/users';
import { progress } from '~/server/learning/storage/progress';
import { journal, type JournalEvent } from '~/server/journal/journal';
import { teamRollup } from '~/server/team/storage/team-rollup';
import { refreshTeamRollup } from '~/server/team/team-rollup';
import { teamRollupSchema, type TeamRollup } from '~/server/team/team-rollup-fold';
import { verifyTeamRollup } from '~/server/team/team-rollup-verify';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import refreshTeamRollupNow from '../../netlify/functions/refresh-team-rollup.mts';

let blobs: LocalBlobs;
const original = globalThis.fetch;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterEach(() => {
  globalThis.fetch = original;
});
afterAll(() => blobs.stop());

const HOUR = 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function member(name: string): Promise<string> {
  const id = randomUUID();
  await users.create({
    id,
    username: `${name.toLowerCase()}-${id.slice(0, 6)}@parcelwise.example`,
    name,
    role: 'user',
    avatar: null,
    passwordHash: 'x',
    disabled: false,
    sessionVersion: 1,
    createdAt: ago(48 * HOUR).toISOString(),
  });
  return id;
}

/** A working day of one member, `hoursAgo` hours back: sign-in, visits, a lesson, a quiz, answers. */
async function day(userId: string, hoursAgo: number, seed: number): Promise<void> {
  const at = (minutes: number) => ago(hoursAgo * HOUR - minutes * 60_000).toISOString();
  const events: JournalEvent[] = [
    { kind: 'login', recordedAt: at(0) },
    { kind: 'visit', pagePath: '/modules/2', tabId: null, exitPage: null, visitDate: at(1), recordedAt: at(1) },
    { kind: 'visit', pagePath: '/modules/2', tabId: 'lessons', exitPage: null, visitDate: at(2), recordedAt: at(2) },
    { kind: 'lesson', moduleId: 2, lessonId: String(201 + (seed % 5)), recordedAt: at(3) },
    { kind: 'quiz', quizId: String(1 + (seed % 3)), score: 40 + (seed % 8) * 7, recordedAt: at(4) },
    { kind: 'answer', questionKey: `1:q${seed % 4}`, correct: seed % 2 === 0, confidence: 'sure', recordedAt: at(5) },
    { kind: 'answer', questionKey: `2:q${seed % 3}`, correct: true, confidence: null, recordedAt: at(6) },
  ];
  for (const event of events) await journal.add(userId, event);
}

const stored = () => teamRollup.get(teamRollupSchema);

/** Cuts the process off at its `cut`-th Blobs request (from 0): that one and every later one fail. */
function cutOffAt(cut: number, landed: boolean): { requests: () => number } {
  let count = 0;
  const inner = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const index = count++;
    if (index < cut) return inner(input, init);
    if (index === cut && landed) await inner(input, init).then((response) => response.body?.cancel());
    throw new TypeError('fetch failed: the process was cut off');
  };
  return { requests: () => count };
}

describe('rollups:verify', () => {
  let ana: string;
  let ben: string;
  let before: TeamRollup;

  beforeAll(async () => {
    [ana, ben] = [await member('Ana'), await member('Ben')];
    for (const [index, hoursAgo] of [30, 20, 10].entries()) {
      await day(ana, hoursAgo, index);
      await day(ben, hoursAgo + 1, index + 3);
    }
    await refreshTeamRollup(ago(9 * HOUR)); // the scheduled refresh, nine hours ago
    before = (await stored())!;
    // Since then: more days of work the next refresh folds.
    await day(ana, 5, 7);
    await day(ben, 2, 8);
    await day(ana, 1, 9);
  });

  it('finds a rollup that trails its events equal to their rebuild up to its watermark, then after a refresh', async () => {
    expect(await verifyTeamRollup()).toMatchObject({ activityThrough: before.activityThrough, members: 2, differences: [] });
    expect((await verifyTeamRollup()).events).toBe(2 * 3 * 7);
    await refreshTeamRollupNow();
    const after = await verifyTeamRollup();
    expect(after).toMatchObject({ members: 2, differences: [] });
    expect(after.events).toBe(9 * 7); // nine days of seven events, all older than the new watermark
    await teamRollup.save(teamRollupSchema, before);
  });

  it('names each figure a rollup lost or counted twice', async () => {
    const tampered = structuredClone(before);
    tampered.members[ana]!.loginCount += 1;
    tampered.members[ben]!.lessonKeys = tampered.members[ben]!.lessonKeys.slice(1);
    await teamRollup.save(teamRollupSchema, tampered);
    const { differences, journalDifferences } = await verifyTeamRollup();
    expect(journalDifferences).toBe(2);
    const expected = [
      { path: `members.${ana}.loginCount`, stored: 4, rebuilt: 3 },
      {
        path: `members.${ben}.lessonKeys`,
        stored: [...before.members[ben]!.lessonKeys].slice(1).sort(),
        rebuilt: [...before.members[ben]!.lessonKeys].sort(),
      },
    ];
    // Named member by member, in the order of their ids.
    expect(differences).toEqual(expected.sort((a, b) => (a.path < b.path ? -1 : 1)));
    await teamRollup.save(teamRollupSchema, before);
  });

  it('tells a record whose journal entry is missing from a fold that lost an event', async () => {
    // A lesson completed before the watermark whose journal write failed: only the record holds it.
    await progress.completeLesson(ben, 3, '301', ago(40 * HOUR));
    const result = await verifyTeamRollup();
    // The lesson, and what counts it for an onboarding plan: only ben's figures, only lesson 3/301.
    expect(result.differences.map((difference) => difference.path)).toEqual([
      `members.${ben}.lessonKeys`,
      `members.${ben}.planEvidence.lesson:3/301`,
    ]);
    expect(result.differences[0]).toEqual({
      path: `members.${ben}.lessonKeys`,
      stored: [...before.members[ben]!.lessonKeys].sort(),
      rebuilt: [...before.members[ben]!.lessonKeys, '3/301'].sort(),
    });
    expect(result.journalDifferences).toBe(0);
  });

  it('says when there is no rollup to check', async () => {
    await blobs.stop();
    blobs = await startLocalBlobs();
    expect(await verifyTeamRollup()).toEqual({ activityThrough: null, events: 0, members: 0, differences: [], journalDifferences: 0 });
  });
});

describe('the scheduled refresh cut off at any point', () => {
  it('leaves a rollup equal to the rebuild, and the next run catches up', async () => {
    const ana = await member('Ana');
    for (const hoursAgo of [30, 20]) await day(ana, hoursAgo, hoursAgo);
    await refreshTeamRollup(ago(19 * HOUR));
    const before = (await stored())!;
    await day(ana, 3, 5);
    await day(await member('Ben'), 2, 6);

    // How many requests a whole run makes from here.
    const counted = cutOffAt(Number.POSITIVE_INFINITY, false);
    await refreshTeamRollupNow();
    const requests = counted.requests();
    globalThis.fetch = original;
    expect(requests).toBeGreaterThanOrEqual(4);
    const whole = (await stored())!;

    for (const landed of [false, true]) {
      for (let cut = 0; cut < requests; cut++) {
        await teamRollup.save(teamRollupSchema, before);
        cutOffAt(cut, landed);
        await expect(refreshTeamRollupNow(), `cut at request ${cut}`).rejects.toThrow();
        globalThis.fetch = original;
        const where = `cut at request ${cut}${landed ? ' (it landed)' : ''}`;
        // What the cut left is the old rollup or a whole new one: its watermark never passed what it folded.
        expect((await verifyTeamRollup()).differences, where).toEqual([]);
        await refreshTeamRollupNow();
        const next = (await stored())!;
        expect((await verifyTeamRollup()).differences, `the run after the ${where}`).toEqual([]);
        expect(next.members, `the run after the ${where}`).toEqual(whole.members);
        expect(next.answerStats, `the run after the ${where}`).toEqual(whole.answerStats);
      }
    }
  }, 180_000);
});

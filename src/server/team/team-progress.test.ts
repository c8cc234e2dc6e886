// Unit tests of the team figures and the rollup folding (pure), plus the incremental refresh against
// a local BlobsServer: folding only new events must always equal a rebuild from all events.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { trackVisitRequestSchema } from '~/shared/api/team';
import { teamProgressCsv } from '~/shared/team/csv';
import { isActive, overallEngagement, type TeamMemberRow } from '~/shared/team/figures';
import { journal, journalPrefixes, factOf, type JournalEvent, type JournalFact, type JournalEntry } from '~/server/journal/journal';
import { progress } from '~/server/learning/storage/progress';
import { quizResults } from '~/server/learning/storage/quiz-results';
import { teamRollup } from '~/server/team/storage/team-rollup';
import { backgroundWorkDone } from '~/server/background';
import { users } from '~/server/accounts/storage/users';
import { NO_PLAN } from '~/server/programs/team-plans';
import { curriculumLessonKeys, getTeamProgress, progressPercent, toTeamRow } from './team-progress';
import { rebuildRollups, refreshTeamRollup, SETTLE_MS } from './team-rollup';
import { emptyFigures, foldEntries, splitAtWatermark, TEAM_ROLLUP_VERSION, teamRollupSchema } from './team-rollup-fold';

const T0 = new Date('2026-11-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();
const visit = (minutes: number, tabId: string | null = null, exitPage: 'navigation' | null = null): JournalEvent => ({
  kind: 'visit',
  pagePath: '/',
  tabId,
  exitPage,
  visitDate: at(minutes),
  recordedAt: at(minutes),
});
const login = (minutes: number): JournalEvent => ({ kind: 'login', recordedAt: at(minutes) });

describe('figures', () => {
  const entry = (userId: string, minutes: number, fact: JournalFact, id = `e${minutes}`): JournalEntry => ({
    id,
    userId,
    at: new Date(at(minutes)),
    fact,
  });

  it('a visit is a page entry only with no exit and no tab; the journal key carries what it counts for', () => {
    const recorded = { recordedAt: at(0) };
    expect(factOf(visit(0))).toEqual({ kind: 'entry', page: null });
    expect(factOf({ ...(visit(0) as Extract<JournalEvent, { kind: 'visit' }>), pagePath: '/personas/3' })).toEqual({
      kind: 'entry',
      page: '/personas/3',
    });
    expect(factOf(visit(0, 'team'))).toEqual({ kind: 'tab' });
    expect(factOf(visit(0, null, 'navigation'))).toEqual({ kind: 'exit' });
    expect(factOf(visit(0, 'team', 'navigation'))).toEqual({ kind: 'exit' });
    expect(factOf({ kind: 'login', ...recorded })).toEqual({ kind: 'login' });
    expect(factOf({ kind: 'lesson', moduleId: 2, lessonId: '201', ...recorded })).toEqual({ kind: 'lesson', moduleId: 2, lessonId: '201' });
    expect(factOf({ kind: 'quiz', quizId: '7', ...recorded })).toEqual({ kind: 'quiz', quizId: '7' });
    expect(factOf({ kind: 'challenge', windowId: '2026-11-01T00', ...recorded })).toEqual({ kind: 'challenge', windowId: '2026-11-01T00' });
  });

  it('folds visits and sign-ins as counts, quizzes, challenges and lessons as sets, and keeps the latest time', () => {
    let members = foldEntries({}, [
      entry('u', 1, { kind: 'entry', page: '/personas/3' }),
      entry('u', 2, { kind: 'tab' }),
      entry('u', 3, { kind: 'exit' }),
      entry('u', 4, { kind: 'entry', page: null }),
      entry('u', 0, { kind: 'login' }),
      entry('u', 9, { kind: 'login' }),
      entry('v', 5, { kind: 'entry', page: null }),
    ]);
    expect(members['u']).toMatchObject({ pagesVisited: 2, tabChanges: 1, exits: 1, loginCount: 2, lastActive: at(9) });
    expect(members['v']).toMatchObject({ pagesVisited: 1, loginCount: 0, lastActive: at(5) });

    members = foldEntries(members, [
      entry('u', 5, { kind: 'quiz', quizId: '1' }),
      entry('u', 7, { kind: 'quiz', quizId: '1' }),
      entry('u', 6, { kind: 'quiz', quizId: '2' }),
      entry('u', 20, { kind: 'challenge', windowId: 'w1' }),
      entry('u', 20, { kind: 'challenge', windowId: 'w1' }),
      entry('u', 3, { kind: 'challenge', windowId: 'w2' }),
      entry('u', 30, { kind: 'lesson', moduleId: 1, lessonId: '101' }),
      entry('u', 31, { kind: 'lesson', moduleId: 1, lessonId: '101' }),
    ]);
    expect(members['u']).toMatchObject({
      quizIds: ['1', '2'],
      challengeWindowIds: ['w1', 'w2'],
      lessonKeys: ['1/101'],
      lastActive: at(31),
    });
    expect(members['v']).toMatchObject({ pagesVisited: 1, lastActive: at(5) }); // untouched
    // Folding the same learning facts again changes nothing (a rebuild reads them from two places).
    expect(foldEntries(members, [entry('u', 30, { kind: 'lesson', moduleId: 1, lessonId: '101' })])['u']).toEqual(members['u']);

    const row = toTeamRow(
      { id: 'u', username: 'u@x', name: 'U' },
      members['u']!,
      curriculumLessonKeys([{ id: 1, lessons: [{ id: 101 }, { id: 102 }] }]),
    );
    expect(row).toEqual({
      id: 'u',
      username: 'u@x',
      name: 'U',
      progress: 50,
      mastery: 0,
      pagesVisited: 2,
      quizzesCompleted: 2,
      dailyChallenges: 2,
      loginCount: 2,
      lastActive: at(31),
      program: null,
      planDay: null,
      planDone: 0,
      planRequired: 0,
      overdueItems: 0,
      planStatus: 'none',
    });
  });

  it('progress is completed lessons over all lessons, rounded; lessons no longer in the content do not count', () => {
    const all = curriculumLessonKeys([
      { id: 1, lessons: [{ id: 101 }, { id: 102 }, { id: 103 }] },
      { id: 2, lessons: [] },
    ]);
    expect(progressPercent(['1/101'], all)).toBe(33);
    expect(progressPercent(['1/101', '1/102'], all)).toBe(67);
    expect(progressPercent(['1/101', '1/102', '1/103', '9/901'], all)).toBe(100);
    expect(progressPercent(['9/901'], all)).toBe(0);
    expect(progressPercent(['1/101'], new Map())).toBe(0);
  });

  it('a completion made before a material change of its lesson no longer counts; one on its revision does', () => {
    const all = curriculumLessonKeys([{ id: 1, lessons: [{ id: 101, materialRevision: 2 }, { id: 102 }] }]);
    expect(progressPercent(['1/101', '1/102'], all)).toBe(50);
    expect(progressPercent(['1/101', '1/101.r2', '1/102'], all)).toBe(100);
    expect(progressPercent(['1/101.r3'], all)).toBe(50);
  });

  it("a user with no events is last active 'null' and never active", () => {
    const row = toTeamRow({ id: 'u', username: 'u', name: 'U' }, emptyFigures(), new Map());
    expect(row.lastActive).toBe('null');
    expect(isActive(row, T0)).toBe(false);
  });

  it("'active' means last active within the last 7 days; engagement is the rounded average progress", () => {
    const now = new Date('2026-11-08T10:00:00.000Z');
    expect(isActive({ lastActive: '2026-11-01T10:00:00.000Z' }, now)).toBe(true);
    expect(isActive({ lastActive: '2026-11-01T09:59:59.999Z' }, now)).toBe(false);
    expect(overallEngagement([{ progress: 10 }, { progress: 15 }])).toBe(13);
    expect(overallEngagement([{ progress: 33 }, { progress: 33 }, { progress: 34 }])).toBe(33);
    expect(overallEngagement([])).toBe(0);
  });

  it('splits entries at the watermark: strictly older ones are committed', () => {
    const older = { at: new Date(T0.getTime() - 1) };
    const same = { at: T0 };
    expect(splitAtWatermark([older, same], T0)).toEqual({ committed: [older], tail: [same] });
  });

  it('lists the journal by minutes, hours or days since the watermark, never missing a time', () => {
    const now = new Date('2026-11-23T14:20:10.000Z');
    expect(journalPrefixes(null, now)).toEqual(['activity/']);
    expect(journalPrefixes(new Date('2026-11-23T14:19:10.000Z'), now)).toEqual([
      'activity/2026-11-23/14/19/',
      'activity/2026-11-23/14/20/',
    ]);
    expect(journalPrefixes(new Date('2026-11-23T13:59:59.000Z'), new Date('2026-11-23T14:00:01.000Z'))).toEqual([
      'activity/2026-11-23/13/59/',
      'activity/2026-11-23/14/00/',
    ]);
    expect(journalPrefixes(new Date('2026-11-23T11:30:00.000Z'), now)).toEqual([
      'activity/2026-11-23/11/',
      'activity/2026-11-23/12/',
      'activity/2026-11-23/13/',
      'activity/2026-11-23/14/',
    ]);
    expect(journalPrefixes(new Date('2026-11-20T23:00:00.000Z'), now)).toEqual([
      'activity/2026-11-20/',
      'activity/2026-11-21/',
      'activity/2026-11-22/',
      'activity/2026-11-23/',
    ]);
    expect(journalPrefixes(new Date('2026-08-01T00:00:00.000Z'), now)).toEqual(['activity/']);
    // A clock that went back: still the minute of the watermark.
    expect(journalPrefixes(new Date('2026-11-23T14:25:00.000Z'), now)).toEqual(['activity/2026-11-23/14/25/']);
  });

  it('exports CSV with the same figures and neutralises formulas', () => {
    const row: TeamMemberRow = {
      id: 'u1',
      username: 'a@x',
      name: '=HYPERLINK("evil"), Bob',
      progress: 50,
      mastery: 20,
      pagesVisited: 3,
      quizzesCompleted: 1,
      dailyChallenges: 2,
      loginCount: 4,
      lastActive: 'null',
      joinedAt: '2026-11-01T10:00:00.000Z',
      daysInProgram: 3,
      modulesCompleted: 0,
      modulesExpected: 0,
      onTrack: true,
      averageQuizScore: null,
      practiceWaiting: 0,
      practicePassed: 0,
      admin: false,
      startDate: null,
      ...NO_PLAN,
    };
    expect(teamProgressCsv([row])).toBe(
      '"Name","Username","Program","Plan day","Plan items done","Plan items tested out","Plan items required","Plan status","Overdue items","Joined","Days in the program","Pace","Progress (%)","Mastery (%)","Average quiz score (%)","Pages visited","Quizzes completed","Daily challenges","Logins","Last active"\r\n' +
        `"'=HYPERLINK(""evil""), Bob","a@x",,,,,,"No plan",0,"2026-11-01T10:00:00.000Z",3,"On track",50,20,,3,1,2,4,\r\n`,
    );
  });
});

describe('track-visit request', () => {
  const valid = {
    userId: 1,
    pagePath: '/company-overview',
    tabId: null,
    timeSpent: null,
    exitPage: null,
    visitDate: '2026-11-01T10:00:00.000Z',
  };
  const message = (body: unknown) => {
    const parsed = trackVisitRequestSchema.safeParse(body);
    return parsed.success ? null : parsed.error.issues[0]?.path.join('.');
  };
  it('accepts the spec body', () => {
    expect(trackVisitRequestSchema.parse(valid)).toMatchObject({ pagePath: '/company-overview', tabId: null, exitPage: null });
    expect(message({ ...valid, exitPage: 'navigation', tabId: 'team' })).toBeNull();
  });
  it.each([
    [{ ...valid, pagePath: undefined }, 'pagePath'],
    [{ ...valid, pagePath: '//evil.example/x' }, 'pagePath'],
    [{ ...valid, pagePath: '/\\evil.example' }, 'pagePath'],
    [{ ...valid, pagePath: 'https://evil.example/' }, 'pagePath'],
    [{ ...valid, pagePath: `/${'a'.repeat(512)}` }, 'pagePath'],
    [{ ...valid, tabId: 'x'.repeat(65) }, 'tabId'],
    [{ ...valid, exitPage: 'close' }, 'exitPage'],
    [{ ...valid, visitDate: 'yesterday' }, 'visitDate'],
    [{ ...valid, timeSpent: 5 }, 'timeSpent'],
  ])('rejects %o naming %s', (body, field) => {
    expect(message(body)).toBe(field);
  });
});

describe('rollups against a local BlobsServer', () => {
  let blobs: LocalBlobs;
  beforeAll(async () => {
    blobs = await startLocalBlobs();
  });
  afterAll(() => blobs.stop());

  async function addUser(name: string): Promise<string> {
    const id = randomUUID();
    await users.create({
      id,
      username: `${name}@parcelwise.example`,
      name,
      role: 'user',
      avatar: null,
      passwordHash: 'x',
      disabled: false,
      sessionVersion: 1,
      createdAt: T0.toISOString(),
    });
    return id;
  }

  /** A dashboard load, then its rollup save (made after the answer) landed, as the next load would find it. */
  async function teamProgress(options: Parameters<typeof getTeamProgress>[0]): ReturnType<typeof getTeamProgress> {
    const result = await getTeamProgress(options);
    await backgroundWorkDone();
    return result;
  }

  /** A lesson completion as the progress service records it: the record, then its journal entry. */
  async function completeLesson(userId: string, lessonId: string, iso: string): Promise<void> {
    await progress.completeLesson(userId, 1, lessonId, new Date(iso));
    await journal.add(userId, { kind: 'lesson', moduleId: 1, lessonId, recordedAt: iso });
  }

  it('journals the page an entry read, and the plan facts, in the key alone: listing them gives them back', async () => {
    const cy = await addUser('cy');
    const page = (path: string, minute: number) => ({ ...(visit(minute) as Extract<JournalEvent, { kind: 'visit' }>), pagePath: path });
    await journal.add(cy, page('/personas/3', 4));
    await journal.add(cy, page('/team-progress/1f0c2a9e-0000-4000-8000-000000000000', 5)); // a person's page: no read
    await journal.add(cy, { kind: 'plan', programId: 'sdr-onboarding', startDate: '2026-11-01', ended: false, recordedAt: at(6) });
    await journal.add(cy, { kind: 'signoff', programId: 'sdr-onboarding', itemId: 'shadow-calls', recordedAt: at(7) });
    await journal.add(cy, { kind: 'plan', programId: 'sdr-onboarding', startDate: '2026-11-01', ended: true, recordedAt: at(8) });
    const facts = (await journal.since(null, new Date(at(60)))).filter((entry) => entry.userId === cy).map((entry) => entry.fact);
    expect(facts).toEqual([
      { kind: 'entry', page: '/personas/3' },
      { kind: 'entry', page: null },
      { kind: 'plan', programId: 'sdr-onboarding', startDate: '2026-11-01', ended: false },
      { kind: 'signoff', programId: 'sdr-onboarding', itemId: 'shadow-calls' },
      { kind: 'plan', programId: 'sdr-onboarding', startDate: '2026-11-01', ended: true },
    ]);
  });

  it('folding only new events equals a rebuild, a late write inside the settle window is not lost', async () => {
    const curriculum = [{ id: 1, lessons: [{ id: 101 }, { id: 102 }, { id: 103 }, { id: 104 }] }];
    const ana = await addUser('ana');
    const ben = await addUser('ben');
    await journal.add(ana, login(0));
    await journal.add(ana, visit(1));
    await journal.add(ana, visit(2, 'team'));
    await journal.add(ana, visit(3, null, 'navigation'));
    await journal.add(ben, visit(60 * 24 * 3)); // three days later: another day prefix
    await quizResults.add({
      id: 'r1',
      quizId: '7',
      userId: ana,
      score: 100,
      correctAnswers: 1,
      totalQuestions: 1,
      answers: [{ questionId: '1', selectedOptionId: 'a', isCorrect: true }],
      completedAt: at(4),
    });
    await journal.add(ana, { kind: 'quiz', quizId: '7', recordedAt: at(4) });
    await journal.add(ana, { kind: 'challenge', windowId: 'w1', recordedAt: at(5) });
    await completeLesson(ana, '101', at(6));

    const first = await teamProgress({ curriculum, now: new Date(at(60 * 24 * 4)) });
    const anaRow = first.rows.find((row) => row.id === ana);
    expect(anaRow).toMatchObject({
      progress: 25,
      pagesVisited: 1,
      quizzesCompleted: 1,
      dailyChallenges: 1,
      loginCount: 1,
      lastActive: at(6),
    });
    expect(first.rows.find((row) => row.id === ben)).toMatchObject({ pagesVisited: 1, loginCount: 0, lastActive: at(60 * 24 * 3) });

    // Later: new events, one of them recorded just before "now" (inside the settle window), then
    // one written after that refresh with a time before it (a slow request): it must still count.
    const now2 = new Date(at(60 * 24 * 5));
    await journal.add(ana, visit(60 * 24 * 5 - 30));
    await journal.add(ana, { ...visit(0), recordedAt: new Date(now2.getTime() - 1000).toISOString() });
    await completeLesson(ana, '102', at(60 * 24 * 5 - 5));
    const second = await teamProgress({ curriculum, now: now2 });
    expect(second.rows.find((row) => row.id === ana)).toMatchObject({ progress: 50, pagesVisited: 3, loginCount: 1 });
    const stored = await teamRollup.get(teamRollupSchema);
    expect(stored?.activityThrough).toBe(new Date(now2.getTime() - SETTLE_MS).toISOString());
    expect(stored?.members[ana]).toMatchObject({ pagesVisited: 2 }); // the visit 1 s before now2 is shown, not committed

    await journal.add(ana, { ...visit(0), recordedAt: new Date(now2.getTime() - 500).toISOString() }); // late write
    const now3 = new Date(now2.getTime() + 10 * SETTLE_MS);
    const incremental = await teamProgress({ curriculum, now: now3 });
    expect(incremental.rows.find((row) => row.id === ana)?.pagesVisited).toBe(4);

    await rebuildRollups(now3);
    const rebuilt = await teamProgress({ curriculum, now: now3 });
    expect(rebuilt.rows).toEqual(incremental.rows);

    // And from no rollup at all (a rebuild ignores the stored one) the same figures again.
    const fresh = await refreshTeamRollup(now3, { rebuild: true });
    expect([fresh.view[ana]?.pagesVisited, fresh.view[ben]?.pagesVisited]).toEqual([4, 1]);
    expect(fresh.view[ana]).toMatchObject({ lessonKeys: ['1/101', '1/102'], quizIds: ['7'], challengeWindowIds: ['w1'] });
  });

  it('keeps names current from the user records, drops deleted users, and a rebuild counts records whose journal entry is missing', async () => {
    const curriculum = [{ id: 1, lessons: [{ id: 101 }, { id: 102 }] }];
    const cara = await addUser('cara');
    const now = new Date(at(60 * 24 * 10));
    expect((await teamProgress({ curriculum, now })).rows.find((row) => row.id === cara)).toMatchObject({
      name: 'cara',
      lastActive: 'null',
    });

    const record = await users.byId(cara);
    await users.save({ ...record!, name: 'Cara Renamed' });
    const renamed = await teamProgress({ curriculum, now: new Date(now.getTime() + 1000) });
    expect(renamed.rows.find((row) => row.id === cara)?.name).toBe('Cara Renamed');

    // A lesson completion whose journal write failed (the record only): only the rebuild, which reads the records, sees it.
    const completedAt = new Date(now.getTime() + 5 * 60_000);
    await progress.completeLesson(cara, 1, '102', completedAt);
    const iso = completedAt.toISOString();
    const later = new Date(completedAt.getTime() + 10 * SETTLE_MS);
    expect((await teamProgress({ curriculum, now: later })).rows.find((row) => row.id === cara)?.progress).toBe(0);
    await rebuildRollups(later);
    expect((await teamProgress({ curriculum, now: later })).rows.find((row) => row.id === cara)).toMatchObject({
      progress: 50,
      lastActive: iso,
    });

    await users.delete((await users.byId(cara))!);
    const after = await teamProgress({ curriculum, now: new Date(later.getTime() + 1000) });
    expect(after.rows.map((row) => row.id)).not.toContain(cara);
    expect(after.rows.length).toBeGreaterThan(0);
  });

  it('rebuilds a rollup of an older version (Leitner cards) from the events', async () => {
    const curriculum = [{ id: 1, lessons: [{ id: 101 }, { id: 102 }] }];
    const dan = await addUser('dan');
    const now = new Date(at(60 * 24 * 20));
    await completeLesson(dan, '101', now.toISOString());
    const later = new Date(now.getTime() + 10 * SETTLE_MS);
    const current = await teamProgress({ curriculum, now: later });
    await teamRollup.save(z.looseObject({ version: z.literal(3) }), {
      version: 3,
      generatedAt: later.toISOString(),
      activityThrough: later.toISOString(),
      members: { [dan]: { cards: { '1:q1': [3, 1, 1] } } },
      people: {},
      answerStats: {},
    });
    const rebuilt = await teamProgress({ curriculum, now: later });
    expect(rebuilt.rows.find((row) => row.id === dan)).toEqual(current.rows.find((row) => row.id === dan));
    expect(await teamRollup.get(teamRollupSchema)).toMatchObject({ version: TEAM_ROLLUP_VERSION });
  });
});

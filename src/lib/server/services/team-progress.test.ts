// Unit tests of the team figures and the rollup folding (pure), plus the incremental refresh against
// a local BlobsServer: folding only new events must always equal a rebuild from all events.
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isActive, overallEngagement, teamProgressCsv, trackVisitRequestSchema, type TeamProgressRow } from '../../api/team';
import { activity, challengeAnswers, progress, quizResults, rollups, users, type ActivityEvent } from '../storage';
import {
  curriculumLessonKeys,
  emptyRollup,
  foldActivity,
  foldChallengeAnswers,
  foldLessonCompletions,
  foldQuizResults,
  getTeamProgress,
  progressPercent,
  rebuildRollups,
  refreshUserRollup,
  SETTLE_MS,
  splitAtWatermark,
  toTeamRow,
  userRollupSchema,
  visitKind,
} from './team-progress';

const T0 = new Date('2026-11-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();
const visit = (minutes: number, tabId: string | null = null, exitPage: 'navigation' | null = null): ActivityEvent => ({
  kind: 'visit',
  pagePath: '/',
  tabId,
  exitPage,
  visitDate: at(minutes),
  recordedAt: at(minutes),
});
const login = (minutes: number): ActivityEvent => ({ kind: 'login', recordedAt: at(minutes) });

describe('figures', () => {
  it('counts a page entry only when there is no exit and no tab', () => {
    expect(visitKind({ ...visit(0) } as Extract<ActivityEvent, { kind: 'visit' }>)).toBe('entry');
    expect(visitKind(visit(0, 'team') as Extract<ActivityEvent, { kind: 'visit' }>)).toBe('tab');
    expect(visitKind(visit(0, null, 'navigation') as Extract<ActivityEvent, { kind: 'visit' }>)).toBe('exit');
    expect(visitKind(visit(0, 'team', 'navigation') as Extract<ActivityEvent, { kind: 'visit' }>)).toBe('exit');
  });

  it('folds activity into pagesVisited, loginCount and lastActive', () => {
    const events = [visit(1), visit(2, 'team'), visit(3, null, 'navigation'), visit(4), login(0), login(9)].map((event, i) => ({
      id: `id-${i}`,
      event,
    }));
    const rollup = foldActivity(emptyRollup(T0), events);
    expect(rollup).toMatchObject({ pagesVisited: 2, tabChanges: 1, exits: 1, loginCount: 2, lastActive: at(9), lastEventId: 'id-5' });
  });

  it('counts distinct quizzes, each result and each answer once, and keeps the latest time', () => {
    let rollup = foldQuizResults(emptyRollup(T0), [
      { id: 'r1', quizId: '1', completedAt: at(5) },
      { id: 'r2', quizId: '1', completedAt: at(7) },
      { id: 'r3', quizId: '2', completedAt: at(6) },
    ]);
    rollup = foldQuizResults(rollup, [{ id: 'r2', quizId: '1', completedAt: at(7) }]);
    expect(rollup.quizIds).toEqual(['1', '2']);
    expect(rollup.quizResultIds).toEqual(['r1', 'r2', 'r3']);
    rollup = foldChallengeAnswers(rollup, [
      { windowId: 'w1', answeredAt: at(20) },
      { windowId: 'w1', answeredAt: at(20) },
      { windowId: 'w2', answeredAt: at(3) },
    ]);
    expect(rollup.challengeWindowIds).toEqual(['w1', 'w2']);
    rollup = foldLessonCompletions(rollup, [
      { moduleId: 1, lessonId: '101', completedAt: at(30) },
      { moduleId: 1, lessonId: '101', completedAt: at(31) },
    ]);
    expect(rollup.lessonKeys).toEqual(['1/101']);
    expect(rollup.lastActive).toBe(at(30));
    const row = toTeamRow({ id: 'u', username: 'u@x', name: 'U' }, rollup, curriculumLessonKeys([{ id: 1, lessons: [{ id: 101 }, { id: 102 }] }]));
    expect(row).toEqual({
      id: 'u',
      username: 'u@x',
      name: 'U',
      progress: 50,
      pagesVisited: 0,
      quizzesCompleted: 2,
      dailyChallenges: 2,
      loginCount: 0,
      lastActive: at(30),
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
    expect(progressPercent(['1/101'], new Set())).toBe(0);
  });

  it("a user with no events is last active 'null' and never active", () => {
    const row = toTeamRow({ id: 'u', username: 'u', name: 'U' }, emptyRollup(T0), new Set());
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

  it('splits event ids at the watermark', () => {
    const ids = ['2026-11-01T09-59-59-999Z_aaaaaaaa', '2026-11-01T10-00-00-000Z_bbbbbbbb', 'not-an-event'];
    expect(splitAtWatermark(ids, T0)).toEqual({ committed: [ids[0]], tail: [ids[1]] });
  });

  it('exports CSV with the same figures and neutralises formulas', () => {
    const row: TeamProgressRow = {
      id: 'u1',
      username: 'a@x',
      name: '=HYPERLINK("evil"), Bob',
      progress: 50,
      pagesVisited: 3,
      quizzesCompleted: 1,
      dailyChallenges: 2,
      loginCount: 4,
      lastActive: 'null',
    };
    expect(teamProgressCsv([row])).toBe(
      'id,name,username,progress,pagesVisited,quizzesCompleted,dailyChallenges,loginCount,lastActive\r\n' +
        `u1,"'=HYPERLINK(""evil""), Bob",a@x,50,3,1,2,4,null\r\n`,
    );
  });
});

describe('track-visit request', () => {
  const valid = { userId: 1, pagePath: '/company-overview', tabId: null, timeSpent: null, exitPage: null, visitDate: '2026-11-01T10:00:00.000Z' };
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
  let server: BlobsServer;
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'team-progress-unit-'));
    const token = randomUUID();
    server = new BlobsServer({ directory, token });
    const { port } = await server.start();
    const url = `http://127.0.0.1:${port}`;
    setEnvironmentContext({ siteID: 'unit', token, edgeURL: url, uncachedEdgeURL: url });
  });
  afterAll(async () => {
    await server.stop();
    await rm(directory, { recursive: true, force: true });
  });

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

  it('folding only new events equals a rebuild, a late write inside the settle window is not lost', async () => {
    const curriculum = [{ id: 1, lessons: [{ id: 101 }, { id: 102 }, { id: 103 }, { id: 104 }] }];
    const ana = await addUser('ana');
    const ben = await addUser('ben');
    await activity.add(ana, login(0));
    await activity.add(ana, visit(1));
    await activity.add(ana, visit(2, 'team'));
    await activity.add(ana, visit(3, null, 'navigation'));
    await activity.add(ben, visit(60 * 24 * 3)); // three days later: another day prefix
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
    await challengeAnswers.add(ana, { windowId: 'w1', questionId: '1', answerId: 'a', correct: true, answeredAt: at(5) });
    await progress.completeLesson(ana, 1, '101', new Date(at(6)));

    const first = await getTeamProgress({ curriculum, now: new Date(at(60 * 24 * 4)) });
    const anaRow = first.rows.find((row) => row.id === ana);
    expect(anaRow).toMatchObject({ progress: 25, pagesVisited: 1, quizzesCompleted: 1, dailyChallenges: 1, loginCount: 1, lastActive: at(6) });
    expect(first.rows.find((row) => row.id === ben)).toMatchObject({ pagesVisited: 1, loginCount: 0, lastActive: at(60 * 24 * 3) });

    // Later: new events, one of them recorded just before "now" (inside the settle window), then
    // one written after that refresh with a time before it (a slow request): it must still count.
    const now2 = new Date(at(60 * 24 * 5));
    await activity.add(ana, visit(60 * 24 * 5 - 10));
    await activity.add(ana, { ...visit(0), recordedAt: new Date(now2.getTime() - 1000).toISOString() });
    await progress.completeLesson(ana, 1, '102', new Date(at(60 * 24 * 5 - 5)));
    const second = await getTeamProgress({ curriculum, now: now2 });
    expect(second.rows.find((row) => row.id === ana)).toMatchObject({ progress: 50, pagesVisited: 3, loginCount: 1 });
    const stored = await rollups.get(ana, userRollupSchema);
    expect(stored?.activityThrough).toBe(new Date(now2.getTime() - SETTLE_MS).toISOString());

    await activity.add(ana, { ...visit(0), recordedAt: new Date(now2.getTime() - 500).toISOString() }); // late write
    const now3 = new Date(now2.getTime() + 10 * SETTLE_MS);
    const incremental = await getTeamProgress({ curriculum, now: now3 });
    expect(incremental.rows.find((row) => row.id === ana)?.pagesVisited).toBe(4);

    await rebuildRollups(now3);
    const rebuilt = await getTeamProgress({ curriculum, now: now3 });
    expect(rebuilt.rows).toEqual(incremental.rows);

    // And from no rollup at all (deleted caches) the same rows again.
    const fresh = await Promise.all([ana, ben].map((id) => refreshUserRollup(id, now3, { rebuild: true })));
    expect(fresh.map((r) => r.view.pagesVisited)).toEqual([4, 1]);
  });
});

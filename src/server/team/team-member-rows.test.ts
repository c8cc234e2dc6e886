// Team Progress beyond the API's row (docs/decisions.md "Administrators apart, pace and scores"): joined, days in the program, the pace,
// the average quiz score from scored quiz facts, administrators marked apart; pure parts and against a local BlobsServer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journal, factOf, type JournalEntry } from '~/server/journal/journal';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { quizResults } from '~/server/learning/storage/quiz-results';
import { users } from '~/server/accounts/storage/users';
import { backgroundWorkDone } from '~/server/background';
import { daysInProgram, modulesExpected } from '~/shared/team/figures';
import { getTeamProgress, specRow } from './team-progress';
import { rebuildRollups } from './team-rollup';
import { emptyFigures, foldEntries } from './team-rollup-fold';

const T0 = new Date('2026-11-02T09:00:00.000Z');
const day = (n: number) => new Date(T0.getTime() + n * 86_400_000);

describe('pace', () => {
  it('counts whole days since joining, 0 on the first day and without a date', () => {
    expect(daysInProgram(T0.toISOString(), T0)).toBe(0);
    expect(daysInProgram(T0.toISOString(), new Date(day(1).getTime() - 1))).toBe(0);
    expect(daysInProgram(T0.toISOString(), day(20))).toBe(20);
    expect(daysInProgram(null, day(20))).toBe(0);
  });

  it('expects module N done by the end of week N, never more than every module', () => {
    expect([0, 6, 7, 13, 14, 41, 42, 400].map((days) => modulesExpected(days, 6))).toEqual([0, 0, 1, 1, 2, 5, 6, 6]);
  });
});

describe('scored quiz facts', () => {
  const entry = (quizId: string, score: number | undefined, minutes: number): JournalEntry => ({
    id: `e${minutes}`,
    userId: 'u',
    at: new Date(T0.getTime() + minutes * 60_000),
    fact: score === undefined ? { kind: 'quiz', quizId } : { kind: 'quiz', quizId, score },
  });

  it('keep the best score per quiz; a fact without a score counts the quiz only', () => {
    const folded = foldEntries({}, [entry('1', 60, 1), entry('1', 90, 2), entry('1', 70, 3), entry('2', 40, 4), entry('3', undefined, 5)]);
    expect(folded['u']).toMatchObject({ quizIds: ['1', '2', '3'], quizBest: { '1': 90, '2': 40 } });
    expect(emptyFigures().quizBest).toEqual({});
  });

  it('carry the score through the event and its journal key', () => {
    const recordedAt = T0.toISOString();
    expect(factOf({ kind: 'quiz', quizId: '7', score: 85, recordedAt })).toEqual({ kind: 'quiz', quizId: '7', score: 85 });
    expect(factOf({ kind: 'quiz', quizId: '7', recordedAt })).toEqual({ kind: 'quiz', quizId: '7' });
  });
});

describe('member rows against a local BlobsServer', () => {
  let blobs: LocalBlobs;
  beforeAll(async () => {
    blobs = await startLocalBlobs();
  });
  afterAll(() => blobs.stop());

  async function addUser(name: string, role: 'admin' | 'user', createdAt: Date): Promise<string> {
    const id = randomUUID();
    await users.create({
      id,
      username: `${name}-${id.slice(0, 6)}@parcelwise.example`,
      name,
      role,
      avatar: null,
      passwordHash: 'x',
      disabled: false,
      sessionVersion: 1,
      createdAt: createdAt.toISOString(),
    });
    return id;
  }

  async function teamProgress(now: Date) {
    const result = await getTeamProgress({
      curriculum,
      bank: { byTopic: new Map(), byKey: new Map(), byModule: new Map(), materialRevisions: new Map() },
      programs: new Map(),
      now,
    });
    await backgroundWorkDone();
    return result;
  }

  const curriculum = [
    { id: 1, lessons: [{ id: 101 }, { id: 102 }] },
    { id: 2, lessons: [{ id: 201 }] },
    { id: 3, lessons: [{ id: 301 }] },
  ];

  it('joined, days, pace, average quiz score (journal and rebuild alike) and the admin flag; the API row stays the spec row', async () => {
    const ana = await addUser('Ana', 'user', T0);
    const boss = await addUser('Boss', 'admin', T0);
    for (const [lessonId, moduleId] of [
      ['101', 1],
      ['102', 1],
    ] as const) {
      await journal.add(ana, { kind: 'lesson', moduleId, lessonId, recordedAt: day(1).toISOString() });
    }
    for (const [id, quizId, score] of [
      ['r1', '1', 60],
      ['r2', '1', 90],
      ['r3', '2', 71],
    ] as const) {
      const completedAt = day(2).toISOString();
      await quizResults.add({ id, quizId, userId: ana, score, correctAnswers: 1, totalQuestions: 1, answers: [], completedAt });
      await journal.add(ana, { kind: 'quiz', quizId, score, recordedAt: completedAt });
    }

    // Day 10 (week 2): one module is due, Ana has one done.
    const week2 = await teamProgress(day(10));
    const anaRow = week2.rows.find((row) => row.id === ana)!;
    expect(anaRow).toMatchObject({
      joinedAt: T0.toISOString(),
      daysInProgram: 10,
      modulesCompleted: 1,
      modulesExpected: 1,
      onTrack: true,
      averageQuizScore: 81, // best of quiz 1 (90) and quiz 2 (71)
      admin: false,
    });
    expect(week2.rows.find((row) => row.id === boss)).toMatchObject({ admin: true, averageQuizScore: null });
    expect(Object.keys(specRow(anaRow)).sort()).toEqual(
      [
        'id',
        'username',
        'name',
        'progress',
        'mastery',
        'pagesVisited',
        'quizzesCompleted',
        'dailyChallenges',
        'loginCount',
        'lastActive',
        'program',
        'planDay',
        'planDone',
        'planRequired',
        'overdueItems',
        'planStatus',
      ].sort(),
    );

    // Day 14 (week 3): two modules are due; Ana is behind.
    expect((await teamProgress(day(14))).rows.find((row) => row.id === ana)).toMatchObject({ modulesExpected: 2, onTrack: false });

    // A rebuild from the records gives the same figures.
    await rebuildRollups(day(14));
    expect((await teamProgress(day(14))).rows.find((row) => row.id === ana)).toMatchObject({ averageQuizScore: 81, onTrack: false });
  });
});

// Lesson completion is additive under concurrency (docs/decisions.md "Lesson completion is additive"): 50 simultaneous
// completions of different lessons of one synthetic 50-lesson module by one user, against a real local
// BlobsServer, must all end up recorded, and the module must then be completed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { progress } from '~/server/learning/storage/progress';
import { recordLessonCompletions } from './progress';

const LESSONS = 50;
const syntheticModule = {
  id: 9001,
  lessonCount: LESSONS,
  lessons: Array.from({ length: LESSONS }, (_, n) => ({
    id: 900_100 + n,
    title: `Lesson ${n + 1}`,
    type: 'article' as const,
    duration: 1,
    order: n + 1,
  })),
};

describe('recordLessonCompletions against a local BlobsServer', () => {
  let blobs: LocalBlobs;
  beforeAll(async () => {
    blobs = await startLocalBlobs();
  });
  afterAll(() => blobs.stop());

  it('loses none of 50 concurrent completions of different lessons', async () => {
    const userId = randomUUID();
    const records = await Promise.all(
      syntheticModule.lessons.map((lesson) => recordLessonCompletions(userId, syntheticModule, [lesson.id])),
    );
    for (const [index, record] of records.entries()) expect(record.completedLessons).toContain(syntheticModule.lessons[index]?.id);

    const stored = await progress.completedLessons(userId, syntheticModule.id);
    expect(new Set(stored.map((row) => Number(row.lessonId)))).toEqual(new Set(syntheticModule.lessons.map((lesson) => lesson.id)));
    expect(await progress.record(userId, syntheticModule.id)).not.toBeNull();

    // Read back through the service: every lesson, status completed, no duplicates.
    const final = await recordLessonCompletions(userId, syntheticModule, []);
    expect(final.completedLessons).toHaveLength(LESSONS);
    expect(final.status).toBe('completed');
  });

  it('is idempotent: the same lesson completed 10 times at once is recorded once', async () => {
    const userId = randomUUID();
    const lessonId = syntheticModule.lessons[0]!.id;
    await Promise.all(Array.from({ length: 10 }, () => recordLessonCompletions(userId, syntheticModule, [lessonId])));
    const final = await recordLessonCompletions(userId, syntheticModule, []);
    expect(final.completedLessons).toEqual([lessonId]);
    expect(final.status).toBe('in_progress');
  });

  it('rejects a lesson of another module with a 400 and records nothing', async () => {
    const userId = randomUUID();
    await expect(recordLessonCompletions(userId, syntheticModule, [101])).rejects.toMatchObject({ status: 400 });
    expect(await progress.completedLessons(userId, syntheticModule.id)).toEqual([]);
  });
});

/**
 * Learning progress of each user: one create-only key per completed lesson and revision
 * (`lesson-completions/<user>/<module>/<lesson>`, or `<lesson>.r<n>` when completed on revision n above 1;
 * keys from before revisions are completions of revision 1), so completions from two tabs never lose each other;
 * a per-module record of what the client sends besides lessons (`progress-records/<user>/<module>`);
 * and the status a user set on a module (`module-status/<user>/<module>`).
 */
import { z } from 'zod';
import { listKeys, mapLimit, readAll, readJSON, writeJSON } from '~/server/storage/blobs';
import { completedLessonCode, parseCompletedLesson } from '~/shared/learning/revisions';
import { key, lastSegment, prefix } from '~/server/storage/keys';
import { recordsAsJournalEntries } from '~/server/journal/journal';

const storedProgressRecordSchema = z.strictObject({
  moduleId: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  lastActivity: z.iso.datetime(),
  timeSpent: z.number().int().nonnegative(),
});
export type StoredProgressRecord = z.infer<typeof storedProgressRecordSchema>;

const storedLessonCompletionSchema = z.strictObject({
  completedAt: z.iso.datetime(),
  /** The lesson's revision it was completed on (completions from before revisions have none: revision 1). */
  revision: z.number().int().positive().optional(),
});

const storedModuleStatusSchema = z.strictObject({
  status: z.enum(['not_started', 'in_progress', 'completed']),
  updatedAt: z.iso.datetime(),
});
export type StoredModuleStatus = z.infer<typeof storedModuleStatusSchema>;

export interface LessonCompletionKey {
  moduleId: number;
  lessonId: string;
  /** The lesson's revision it was completed on. */
  revision: number;
}

export const progress = {
  record: (userId: string, moduleId: number) => readJSON(key('progress-records', userId, moduleId), storedProgressRecordSchema),
  records: (userId: string) => readAll(prefix('progress-records', userId), storedProgressRecordSchema),
  saveRecord: (userId: string, row: StoredProgressRecord) =>
    writeJSON(key('progress-records', userId, row.moduleId), storedProgressRecordSchema, row),

  /** Create-only: true when this call recorded the completion, false when the lesson was already completed on that revision. */
  completeLesson: (userId: string, moduleId: number, lessonId: string, at: Date, revision = 1) =>
    writeJSON(
      key('lesson-completions', userId, moduleId, completedLessonCode(lessonId, revision)),
      storedLessonCompletionSchema,
      { completedAt: at.toISOString(), revision },
      { onlyIfNew: true },
    ),

  /** When the lesson was completed on that revision, or null when it was not. */
  async completedAt(userId: string, moduleId: number, lessonId: string, revision: number): Promise<Date | null> {
    const stored = await readJSON(
      key('lesson-completions', userId, moduleId, completedLessonCode(lessonId, revision)),
      storedLessonCompletionSchema,
    );
    return stored === null ? null : new Date(stored.completedAt);
  },

  /** Completed lessons of one module, or of every module when moduleId is omitted (from the keys alone). */
  async completedLessons(userId: string, moduleId?: number): Promise<LessonCompletionKey[]> {
    const folder = moduleId === undefined ? prefix('lesson-completions', userId) : prefix('lesson-completions', userId, moduleId);
    const keys = await listKeys(folder);
    return keys.flatMap((blobKey) => {
      const [, , module, code] = blobKey.split('/');
      const lesson = parseCompletedLesson(code ?? '');
      return lesson ? [{ moduleId: Number(module), ...lesson }] : [];
    });
  },

  /** The keys of a person's lesson completions (the first half of `completionTimes`). */
  completionKeys: (userId: string) => listKeys(prefix('lesson-completions', userId)),

  /**
   * When each listed lesson was completed, keyed `moduleId/lessonCode` (`101`, or `101.r2` for a later
   * revision): every body at once (what an onboarding plan shows as done dates).
   */
  async completionTimes(keys: readonly string[]): Promise<Map<string, Date>> {
    const bodies = await mapLimit(keys, (blobKey) => readJSON(blobKey, storedLessonCompletionSchema), 64);
    const times = new Map<string, Date>();
    keys.forEach((blobKey, index) => {
      const [, , module, code] = blobKey.split('/');
      const body = bodies[index];
      if (body && module && code) times.set(`${module}/${code}`, new Date(body.completedAt));
    });
    return times;
  },

  moduleStatus: (userId: string, moduleId: number) => readJSON(key('module-status', userId, moduleId), storedModuleStatusSchema),
  /** The modules this user has a stored status for, from the keys alone (one listing, not a read per module). */
  async modulesWithStatus(userId: string): Promise<Set<number>> {
    const keys = await listKeys(prefix('module-status', userId));
    return new Set(keys.map((blobKey) => Number(lastSegment(blobKey))));
  },
  saveModuleStatus: (userId: string, moduleId: number, value: StoredModuleStatus) =>
    writeJSON(key('module-status', userId, moduleId), storedModuleStatusSchema, value),

  /** Every user's lesson completions as journal entries (what a team-rollup rebuild reads besides the journal), the revision in the lesson code. */
  allAsJournalEntries: () =>
    recordsAsJournalEntries('lesson-completions/', storedLessonCompletionSchema, (body, [, userId, moduleId, lessonId]) =>
      userId && lessonId
        ? { userId, at: new Date(body.completedAt), fact: { kind: 'lesson', moduleId: Number(moduleId), lessonId } }
        : null,
    ),
};

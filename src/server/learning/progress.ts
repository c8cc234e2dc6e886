// Learning progress (docs/product.md "Lesson completion"; docs/decisions.md "Lesson completion is additive"): module status and
// per-module progress records of one user, over storage.progress.
//
// Completed lessons are one create-only key each, so completions are additive and concurrent ones never
// lose each other. Statuses are DERIVED from those keys on every read (a module is completed when
// its completed lessons count equals its lessonCount), so no racing writer can leave a stale status behind.
// A completion records the lesson's revision; one made before the lesson's latest material change no longer
// counts, and the lesson shows as reopened with its change note (content/README.md "Revisions").
import type { ProgressRecord } from '~/shared/api/progress';
import type { ModuleStatus } from '~/shared/vocabulary';
import type { Module } from '~/server/content/learning';
import { HttpError } from '~/server/errors';
import { completedLessonCode } from '~/shared/learning/revisions';
import { journal } from '~/server/journal/journal';
import { withinRetryWindow } from '~/server/retries';
import { factEventId } from '~/server/storage/keys';
import { progress, type StoredModuleStatus, type StoredProgressRecord } from '~/server/learning/storage/progress';

export interface CompletionState {
  /** Whether the user already has a progress record for the module. */
  recordExists: boolean;
  completedLessons: readonly number[];
  moduleStatus: ModuleStatus;
  lessonCount: number;
}

export interface CompletionOutcome {
  completedLessons: number[];
  recordStatus: 'in_progress' | 'completed';
  moduleStatus: ModuleStatus;
  /** True when this completion creates the module's progress record. */
  createsRecord: boolean;
}

/**
 * Mark Complete (docs/product.md "Lesson completion"), as a pure function: a new record starts in_progress; lesson ids are added
 * without duplicates; the record is completed when the count equals lessonCount, else in_progress; the
 * module becomes completed when this finishes all lessons, or in_progress if it was not_started.
 */
export function applyLessonCompletion(state: CompletionState, lessonIds: readonly number[]): CompletionOutcome {
  const completedLessons = [...new Set([...state.completedLessons, ...lessonIds])].sort((a, b) => a - b);
  const allDone = state.lessonCount > 0 && completedLessons.length >= state.lessonCount;
  const recordStatus = allDone ? 'completed' : 'in_progress';
  const moduleStatus: ModuleStatus = allDone ? 'completed' : state.moduleStatus === 'not_started' ? 'in_progress' : state.moduleStatus;
  return { completedLessons, recordStatus, moduleStatus, createsRecord: !state.recordExists };
}

/**
 * The module status a user sees: completed exactly when every lesson is completed, in_progress
 * once any lesson is, otherwise what the user set with PATCH /api/modules/{id} (never "completed" then).
 */
export function effectiveModuleStatus(stored: ModuleStatus | null, completedCount: number, lessonCount: number): ModuleStatus {
  if (lessonCount > 0 && completedCount >= lessonCount) return 'completed';
  if (completedCount > 0) return 'in_progress';
  return stored === 'completed' ? 'in_progress' : (stored ?? 'not_started');
}

/** The content's modules, imported when first needed, so the pure parts of this module run outside Astro (API tests with changed content). */
const content = () => import('~/server/content/learning');

export async function requireModule(moduleId: number): Promise<Module> {
  const module = await (await content()).getModule(moduleId);
  if (!module) throw new HttpError(404, 'Module not found');
  return module;
}

type CompletionRow = { moduleId: number; lessonId: string; revision?: number };

/** The revision from which a lesson's completions count (its latest material change). */
const countsFrom = (module: Pick<Module, 'lessons'>) => new Map(module.lessons.map((lesson) => [lesson.id, lesson.materialRevision ?? 1]));

/**
 * The module's completed lesson ids that still belong to it (content may have changed since) and were
 * completed on or after the lesson's latest material change, sorted.
 */
export function completedIn(module: Pick<Module, 'id' | 'lessons'>, rows: readonly CompletionRow[]): number[] {
  const from = countsFrom(module);
  const ids = rows
    .filter((row) => row.moduleId === module.id && (row.revision ?? 1) >= (from.get(Number(row.lessonId)) ?? Infinity))
    .map((row) => Number(row.lessonId));
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** A lesson completed before its latest material change and not since: open again, with the note of the change. */
export interface ReopenedLesson {
  id: number;
  title: string;
  changeNote: string | null;
}

/** The module's lessons reopened by a material change since the person completed them. */
export function reopenedIn(module: Pick<Module, 'id' | 'lessons'>, rows: readonly CompletionRow[]): ReopenedLesson[] {
  const done = new Set(completedIn(module, rows));
  const before = new Set(rows.filter((row) => row.moduleId === module.id).map((row) => Number(row.lessonId)));
  return module.lessons
    .filter((lesson) => before.has(lesson.id) && !done.has(lesson.id))
    .map((lesson) => ({ id: lesson.id, title: lesson.title, changeNote: lesson.changeNote ?? null }));
}

export async function completedLessonIds(userId: string, module: Pick<Module, 'id' | 'lessons'>): Promise<number[]> {
  return completedIn(module, await progress.completedLessons(userId, module.id));
}

/**
 * One lesson completion: the create-only record and its journal entry for the team figures in one round
 * trip, both under the time of the first completion, with a journal id derived from the lesson and
 * revision. A repeat writes nothing new; one within the retry window writes the journal entry again under
 * the same key, so a journal write that failed (503) after the record was written is completed, and two
 * tabs completing at once journal one fact (the figures count it once).
 */
function completeLesson(
  userId: string,
  moduleId: number,
  lesson: { id: number; revision: number },
  now: Date,
  done: { known: boolean; at: Date | null },
): Array<Promise<unknown>> {
  if (done.known && (done.at === null || !withinRetryWindow(done.at, now))) return [];
  const at = done.at ?? now;
  const lessonId = completedLessonCode(lesson.id, lesson.revision);
  const journaled = journal.add(
    userId,
    { kind: 'lesson', moduleId, lessonId, recordedAt: at.toISOString() },
    factEventId(at, 'lesson', userId, moduleId, lessonId),
  );
  return done.known ? [journaled] : [progress.completeLesson(userId, moduleId, String(lesson.id), at, lesson.revision), journaled];
}

/**
 * What recording completions reads before it writes: the module's record, completed lessons and stored
 * status, and when each lesson asked for was completed on its current revision (read beside the session check).
 */
export interface CompletionReads {
  record: StoredProgressRecord | null;
  completed: number[];
  stored: StoredModuleStatus | null;
  completedAt: ReadonlyMap<number, Date>;
}

const revisionOf = (module: Pick<Module, 'lessons'>, lessonId: number) =>
  module.lessons.find((lesson) => lesson.id === lessonId)?.revision ?? 1;

async function completionReads(
  userId: string,
  module: Pick<Module, 'id' | 'lessons'>,
  lessonIds: readonly number[],
): Promise<CompletionReads> {
  const asked = [...new Set(lessonIds)].filter((id) => module.lessons.some((lesson) => lesson.id === id));
  const [record, completed, stored, times] = await Promise.all([
    progress.record(userId, module.id),
    completedLessonIds(userId, module),
    progress.moduleStatus(userId, module.id),
    Promise.all(asked.map((id) => progress.completedAt(userId, module.id, String(id), revisionOf(module, id)))),
  ]);
  const completedAt = new Map(asked.flatMap((id, index) => (times[index] ? [[id, times[index]] as const] : [])));
  return { record, completed, stored, completedAt };
}

/** The reads of POST /api/progress and PATCH /api/progress/{id}, beside the session check (404 for an unknown module). */
export async function progressReads(userId: string, moduleId: number, lessonIds: readonly number[] = []): Promise<CompletionReads> {
  return completionReads(userId, await requireModule(moduleId), lessonIds);
}

/**
 * Records lesson completions of one module (POST and PATCH /api/progress): create-only per lesson,
 * the record (creation time kept, lastActivity = now) and the module status (docs/product.md "Lesson completion"), all in one round
 * trip after the reads. Answers the record with a listing made alongside the writes, so it includes
 * completions made concurrently in another tab. Takes the module itself
 * so it can be exercised with any module (tests use a synthetic 50-lesson one).
 */
export async function recordLessonCompletions(
  userId: string,
  module: Pick<Module, 'id' | 'lessons' | 'lessonCount'>,
  lessonIds: readonly number[],
  options: { now?: Date; timeSpent?: number; reads?: CompletionReads } = {},
): Promise<ProgressRecord> {
  const now = options.now ?? new Date();
  const known = new Set(module.lessons.map((lesson) => lesson.id));
  const unknown = lessonIds.find((id) => !known.has(id));
  if (unknown !== undefined) throw new HttpError(400, `completedLessons: lesson ${unknown} is not part of module ${module.id}`);

  const { record, completed, stored, completedAt } = options.reads ?? (await completionReads(userId, module, lessonIds));
  const before = effectiveModuleStatus(stored?.status ?? null, completed.length, module.lessonCount);
  const outcome = applyLessonCompletion(
    { recordExists: record !== null, completedLessons: completed, moduleStatus: before, lessonCount: module.lessonCount },
    lessonIds,
  );
  // Round trip two, and the last: every write, and a listing that catches completions made meanwhile
  // in another tab (what this call writes is part of the answer either way: a listing made while
  // writes land may not show them all yet).
  const writes = [
    ...[...new Set(lessonIds)].flatMap((lessonId) =>
      completeLesson(userId, module.id, { id: lessonId, revision: revisionOf(module, lessonId) }, now, {
        known: completed.includes(lessonId),
        at: completedAt.get(lessonId) ?? null,
      }),
    ),
    progress.saveRecord(userId, {
      moduleId: module.id,
      createdAt: record?.createdAt ?? now.toISOString(),
      lastActivity: now.toISOString(),
      timeSpent: options.timeSpent ?? record?.timeSpent ?? 0,
    }),
    outcome.moduleStatus === stored?.status
      ? null
      : progress.saveModuleStatus(userId, module.id, { status: outcome.moduleStatus, updatedAt: now.toISOString() }),
  ];
  const [listed] = await Promise.all([completedLessonIds(userId, module), Promise.all(writes)]);
  const after = [...new Set([...listed, ...outcome.completedLessons])].sort((a, b) => a - b);
  return {
    id: module.id,
    moduleId: module.id,
    status: after.length >= module.lessonCount && module.lessonCount > 0 ? 'completed' : 'in_progress',
    completedLessons: after,
    lastActivity: now.toISOString(),
    timeSpent: options.timeSpent ?? record?.timeSpent ?? 0,
  };
}

/** POST /api/progress: creates (or adds to) the record of a module; 404 for an unknown module. */
export async function createProgress(
  userId: string,
  input: { moduleId: number; completedLessons?: number[] | undefined; timeSpent?: number | undefined },
  now: Date = new Date(),
  /** Read already (beside the session check, `progressReads`); read here when left out. */
  reads?: CompletionReads,
): Promise<ProgressRecord> {
  const module = await requireModule(input.moduleId);
  return recordLessonCompletions(userId, module, input.completedLessons ?? [], {
    now,
    ...(input.timeSpent === undefined ? {} : { timeSpent: input.timeSpent }),
    ...(reads ? { reads } : {}),
  });
}

/** PATCH /api/progress/{id} (id = moduleId): merges the sent lesson ids with the stored ones. */
export async function updateProgress(
  userId: string,
  moduleId: number,
  completedLessons: number[],
  now: Date = new Date(),
  /** Read already (beside the session check, `progressReads`); read here when left out. */
  reads?: CompletionReads,
): Promise<ProgressRecord> {
  const module = await requireModule(moduleId);
  return recordLessonCompletions(userId, module, completedLessons, { now, ...(reads ? { reads } : {}) });
}

/** GET /api/progress: the user's records in learning-path order (modules with a record or a completion). */
export async function listProgress(userId: string): Promise<ProgressRecord[]> {
  const [modules, records, completions] = await Promise.all([
    content().then(({ getModules }) => getModules()),
    progress.records(userId),
    progress.completedLessons(userId),
  ]);
  const recordsByModule = new Map(records.map((record) => [record.moduleId, record]));
  const result: ProgressRecord[] = [];
  for (const module of modules) {
    const record = recordsByModule.get(module.id);
    const completed = completedIn(module, completions);
    if (!record && completed.length === 0) continue;
    result.push({
      id: module.id,
      moduleId: module.id,
      status: module.lessonCount > 0 && completed.length >= module.lessonCount ? 'completed' : 'in_progress',
      completedLessons: completed,
      lastActivity: record?.lastActivity ?? new Date(0).toISOString(),
      timeSpent: record?.timeSpent ?? 0,
    });
  }
  return result;
}

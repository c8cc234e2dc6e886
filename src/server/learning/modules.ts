// Modules as one user sees them (docs/product.md "Module detail (/modules/{id})", "GET /api/modules/{id}",
// "PATCH /api/modules/{id}"; the dashboard's module cards): the content's module with the user's completed lessons and status (./progress).
import type { ModuleResponse } from '~/shared/api/modules';
import { getModule, getModules, type Module } from '~/server/content/learning';
import { HttpError } from '~/server/errors';
import { progress } from '~/server/learning/storage/progress';
import type { ModuleStatus } from '~/shared/vocabulary';
import { completedIn, completedLessonIds, effectiveModuleStatus, reopenedIn, requireModule, type ReopenedLesson } from './progress';

/** A module as one user sees it: completed lessons, status, and the lessons a material change reopened. */
export interface ModuleProgress {
  module: Module;
  completedLessons: number[];
  status: ModuleStatus;
  reopened: ReopenedLesson[];
}

function toModuleResponse(module: Module, status: ModuleStatus): ModuleResponse {
  return {
    id: module.id,
    title: module.title,
    description: module.description,
    duration: module.duration,
    lessonCount: module.lessonCount,
    status,
    content: module.lessons.map(({ id, title, type, duration, order }) => ({ id, title, type, duration, order })),
  };
}

/** GET /api/modules/{id}: the module with the user's status; 404 for an unknown module. */
export async function getModuleForUser(userId: string, moduleId: number): Promise<ModuleResponse> {
  const module = await requireModule(moduleId);
  const [completed, stored] = await Promise.all([completedLessonIds(userId, module), progress.moduleStatus(userId, moduleId)]);
  return toModuleResponse(module, effectiveModuleStatus(stored?.status ?? null, completed.length, module.lessonCount));
}

/**
 * PATCH /api/modules/{id}: sets the user's module status. It cannot contradict the lessons (docs/product.md "PATCH /api/modules/{id}"):
 * "completed" needs every lesson completed, "not_started" needs none (409 otherwise).
 */
export async function setModuleStatus(
  userId: string,
  moduleId: number,
  status: ModuleStatus,
  now: Date = new Date(),
): Promise<ModuleResponse> {
  const module = await requireModule(moduleId);
  const completed = await completedLessonIds(userId, module);
  if (status === 'completed' && completed.length < module.lessonCount) {
    throw new HttpError(409, 'status: a module is completed only when every lesson is completed');
  }
  if (status === 'not_started' && completed.length > 0) {
    throw new HttpError(409, 'status: the module has completed lessons, so it has started');
  }
  await progress.saveModuleStatus(userId, module.id, { status, updatedAt: now.toISOString() });
  return toModuleResponse(module, effectiveModuleStatus(status, completed.length, module.lessonCount));
}

/** Every module with the user's completed lessons and status, for the dashboard and module pages. */
export async function modulesWithProgress(userId: string): Promise<ModuleProgress[]> {
  // The modules come from the build. A stored status shows only on a module without completed lessons
  // (effectiveModuleStatus), so the completions and the list of stored statuses go out together, and
  // only those statuses are read after: most people have none, so the page makes one listing instead
  // of a read per module, and at most one more round trip when someone does.
  const modules = await getModules();
  const [completions, withStatus] = await Promise.all([progress.completedLessons(userId), progress.modulesWithStatus(userId)]);
  const rows = modules.map((module) => ({
    module,
    completedLessons: completedIn(module, completions),
    reopened: reopenedIn(module, completions),
  }));
  const shown = rows.filter((row) => row.completedLessons.length === 0 && withStatus.has(row.module.id));
  const stored = new Map(
    await Promise.all(
      shown.map(async ({ module }) => [module.id, (await progress.moduleStatus(userId, module.id))?.status ?? null] as const),
    ),
  );
  return rows.map(({ module, completedLessons, reopened }) => ({
    module,
    completedLessons,
    status: effectiveModuleStatus(stored.get(module.id) ?? null, completedLessons.length, module.lessonCount),
    reopened,
  }));
}

/** One module with the user's completed lessons, status and reopened lessons, or null for an unknown module. */
export async function moduleWithProgress(userId: string, moduleId: number): Promise<ModuleProgress | null> {
  const module = await getModule(moduleId);
  if (!module) return null;
  const [rows, stored] = await Promise.all([progress.completedLessons(userId, module.id), progress.moduleStatus(userId, moduleId)]);
  const completed = completedIn(module, rows);
  return {
    module,
    completedLessons: completed,
    status: effectiveModuleStatus(stored?.status ?? null, completed.length, module.lessonCount),
    reopened: reopenedIn(module, rows),
  };
}

// Lesson progress on the client (docs/product.md "Lesson completion"): the completed lesson ids the
// user earned on this page, by module, and the Mark Complete action. Only written in the browser (the
// page shows what the server rendered until then: src/page-scripts/mark-complete.ts), so no user's data lives on the server.
import { atom, map } from 'nanostores';
import { apiRequest } from '~/lib/browser/api-client';
import type { ProgressRecord, UpdateProgressRequest } from '~/lib/api/progress';
import { showToast } from './toasts';

/** Completed lesson ids by module id, as the server last answered them. */
export const $completedLessons = map<Record<string, readonly number[]>>({});
/** Lessons whose Mark Complete request is in flight (their buttons are disabled). */
export const $pendingLessons = atom<readonly number[]>([]);

/**
 * Mark Complete: PATCH /api/progress/{moduleId} (additive on the server, which creates the record when
 * there is none), then stores the merged list it answers and shows the spec's toast.
 */
export async function markLessonComplete(moduleId: number, lessonId: number): Promise<boolean> {
  if ($pendingLessons.get().includes(lessonId)) return false;
  $pendingLessons.set([...$pendingLessons.get(), lessonId]);
  try {
    const body: UpdateProgressRequest = { completedLessons: [lessonId], status: 'in_progress', lastActivity: new Date().toISOString() };
    const record = await apiRequest<ProgressRecord>('PATCH', `/api/progress/${moduleId}`, body);
    $completedLessons.setKey(String(moduleId), record.completedLessons);
    showToast({ title: 'Lesson completed', description: 'Your progress has been saved' });
    return true;
  } catch {
    showToast({ title: 'Error', description: 'Failed to update progress', variant: 'destructive' });
    return false;
  } finally {
    $pendingLessons.set($pendingLessons.get().filter((id) => id !== lessonId));
  }
}

// Mark Complete without React (docs/product.md "Lesson completion"; docs/decisions.md "Reading pages without React"): the server renders
// each button (src/components/learning/MarkComplete.astro, whose script this is) and the module footer; a press sends
// PATCH /api/progress/{moduleId} (additive on the server, which creates the record when there is none) and shows the
// product's toast. A pending button is disabled with a spinner; a completed one becomes the Completed badge — which
// takes the focus when the button had it, so a keyboard user stays on the row — and the footer counts along.
// Plain fetch, and the toast raised as the window event showToast (src/shared/toast.ts) sends: with no module shared with
// an island, Astro inlines the script in the page.
import type { ProgressRecord, UpdateProgressRequest } from '~/shared/api/progress';
import { moduleFooterText } from '~/shared/learning/module-footer';
import type { ToastEventName, ToastText } from '~/shared/toast';

const TOAST_EVENT: ToastEventName = 'parcelwise:toast';
const showToast = (toast: ToastText) => window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: toast }));

const idOf = (element: HTMLElement, key: string) => Number(element.dataset[key]);

/** Lessons whose request is in flight: their buttons are disabled, a second press sends nothing. */
const pending = new Set<number>();

function showPending(button: HTMLButtonElement, busy: boolean): void {
  button.disabled = busy;
  button.querySelector<HTMLElement>('.loading')!.hidden = !busy;
}

/** The module's completed lessons as the server answered them: their buttons become badges, the footer counts them. */
function showCompleted(moduleId: number, completed: readonly number[], focusLesson: number | null): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>(`button[data-mark-complete][data-module-id="${moduleId}"]`)) {
    const lessonId = idOf(button, 'lessonId');
    if (!completed.includes(lessonId)) continue;
    const template = button.parentElement!.querySelector<HTMLTemplateElement>(`template[data-completed-badge="${lessonId}"]`)!;
    const badge = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    button.replaceWith(badge);
    template.remove();
    if (lessonId === focusLesson) badge.focus();
  }
  for (const footer of document.querySelectorAll<HTMLElement>(`[data-module-footer="${moduleId}"]`)) {
    const lessonIds = footer.dataset['lessonIds']!.split(',').map(Number);
    footer.textContent = moduleFooterText(lessonIds.filter((id) => completed.includes(id)).length, lessonIds.length);
  }
}

async function markComplete(button: HTMLButtonElement): Promise<void> {
  const moduleId = idOf(button, 'moduleId');
  const lessonId = idOf(button, 'lessonId');
  if (pending.has(lessonId)) return;
  const hadFocus = button === document.activeElement;
  pending.add(lessonId);
  showPending(button, true);
  try {
    const body: UpdateProgressRequest = { completedLessons: [lessonId], status: 'in_progress', lastActivity: new Date().toISOString() };
    const response = await fetch(`/api/progress/${moduleId}`, {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${response.status}`);
    const record = (await response.json()) as ProgressRecord;
    showCompleted(moduleId, record.completedLessons, hadFocus ? lessonId : null);
    showToast({ title: 'Lesson completed', description: 'Your progress has been saved' });
  } catch {
    showToast({ title: 'Error', description: 'Failed to update progress', variant: 'destructive' });
  } finally {
    pending.delete(lessonId);
    if (button.isConnected) showPending(button, false);
  }
}

document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-mark-complete]');
  if (button && !button.disabled) void markComplete(button);
});

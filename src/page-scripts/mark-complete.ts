// Mark Complete without React (docs/product.md "Lesson completion"; docs/decisions.md "Reading pages without React"): the server renders
// each button (src/components/learning/MarkComplete.astro) and the module footer; this sends the completion through
// the progress store (PATCH /api/progress/{id}, the product's toast) and updates the page from the store:
// a pending button is disabled with a spinner, a completed one becomes the Completed badge — which takes
// the focus when the button had it, so a keyboard user stays on the row — and the footer counts along.
import { moduleFooterText } from '~/lib/learning/module-footer';
import { $completedLessons, $pendingLessons, markLessonComplete } from '~/stores/progress';

const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('button[data-mark-complete]')];
const idOf = (element: HTMLElement, key: string) => Number(element.dataset[key]);

/** Lessons whose button had the focus when it was pressed: their badge takes it. */
const focusOnDone = new Set<number>();

function showPending(pending: readonly number[]): void {
  for (const button of buttons()) {
    const busy = pending.includes(idOf(button, 'lessonId'));
    button.disabled = busy;
    button.querySelector<HTMLElement>('.loading')!.hidden = !busy;
  }
}

function showCompleted(state: Record<string, readonly number[]>): void {
  for (const button of buttons()) {
    const lessonId = idOf(button, 'lessonId');
    if (!state[button.dataset['moduleId']!]?.includes(lessonId)) continue;
    const template = button.parentElement!.querySelector<HTMLTemplateElement>(`template[data-completed-badge="${lessonId}"]`)!;
    const badge = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
    button.replaceWith(badge);
    template.remove();
    if (focusOnDone.delete(lessonId)) badge.focus();
  }
  for (const footer of document.querySelectorAll<HTMLElement>('[data-module-footer]')) {
    const completed = state[footer.dataset['moduleFooter']!];
    if (!completed) continue;
    const lessonIds = footer.dataset['lessonIds']!.split(',').map(Number);
    footer.textContent = moduleFooterText(lessonIds.filter((id) => completed.includes(id)).length, lessonIds.length);
  }
}

export function enableMarkComplete(): void {
  if (buttons().length === 0) return;
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-mark-complete]');
    if (!button || button.disabled) return;
    const lessonId = idOf(button, 'lessonId');
    if (button === document.activeElement) focusOnDone.add(lessonId);
    void markLessonComplete(idOf(button, 'moduleId'), lessonId).then((done) => done || focusOnDone.delete(lessonId));
  });
  $pendingLessons.subscribe(showPending);
  $completedLessons.subscribe(showCompleted);
}

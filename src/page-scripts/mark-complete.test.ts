// @vitest-environment happy-dom
// Mark Complete's script on a module page: the request, the badge and footer from the server's answer, the toasts.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastText } from '~/shared/toast';

let toasts: ToastText[];
const recordToast = (event: Event) => toasts.push((event as CustomEvent<ToastText>).detail);
let answer: () => Promise<Response>;
let requests: Array<{ url: string; body: unknown }>;

const row = (lessonId: number) => `
  <li>
    <button type="button" data-mark-complete data-module-id="1" data-lesson-id="${lessonId}">
      <span class="loading" hidden></span>Mark Complete
    </button>
    <template data-completed-badge="${lessonId}"><span tabindex="-1" data-testid="lesson-completed">Completed</span></template>
  </li>`;
const button = (lessonId: number) => document.querySelector<HTMLButtonElement>(`button[data-lesson-id="${lessonId}"]`);
const footer = () => document.querySelector('[data-module-footer]')!.textContent;

beforeAll(async () => {
  await import('./mark-complete'); // listens on the document, as on every page with a Mark Complete
});
beforeEach(() => {
  toasts = [];
  requests = [];
  window.addEventListener('parcelwise:toast', recordToast);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, body: JSON.parse(String(init.body)) as unknown });
      return answer();
    }),
  );
  document.body.innerHTML = `<ol>${row(101)}${row(102)}${row(103)}</ol>
    <span data-module-footer="1" data-lesson-ids="101,102,103">0 of 3 lessons completed</span>`;
});
afterEach(() => {
  window.removeEventListener('parcelwise:toast', recordToast);
  vi.unstubAllGlobals();
});

describe('Mark Complete', () => {
  it('sends the lesson, turns every lesson the server counts into a badge, counts in the footer, keeps the focus and says so', async () => {
    answer = async () => Response.json({ moduleId: 1, completedLessons: [101, 103], status: 'in_progress' });
    button(103)!.focus();
    button(103)!.click();
    expect(button(103)!.disabled).toBe(true);
    expect(button(103)!.querySelector<HTMLElement>('.loading')!.hidden).toBe(false);
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(requests).toEqual([
      { url: '/api/progress/1', body: { completedLessons: [103], status: 'in_progress', lastActivity: expect.any(String) } },
    ]);
    expect([button(101), button(102), button(103)].map((found) => found !== null)).toEqual([false, true, false]);
    expect(document.querySelectorAll('[data-testid="lesson-completed"]:not(template *)')).toHaveLength(2);
    expect(document.activeElement?.getAttribute('data-testid')).toBe('lesson-completed');
    expect(footer()).toBe('2 of 3 lessons completed');
    expect(toasts).toEqual([{ title: 'Lesson completed', description: 'Your progress has been saved' }]);
  });

  it('says Module Completed when the last lesson is done', async () => {
    answer = async () => Response.json({ moduleId: 1, completedLessons: [101, 102, 103], status: 'completed' });
    button(102)!.click();
    await vi.waitFor(() => expect(footer()).toBe('Module Completed'));
  });

  it('on a failure shows the destructive toast and gives the button back; a second press meanwhile sends nothing', async () => {
    let fail: (response: Response) => void = () => undefined;
    answer = () => new Promise((resolve) => (fail = resolve));
    button(101)!.click();
    button(101)!.dispatchEvent(new MouseEvent('click', { bubbles: true })); // disabled: ignored
    fail(new Response('{"message":"down"}', { status: 503 }));
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(requests).toHaveLength(1);
    expect(toasts).toEqual([{ title: 'Error', description: 'Failed to update progress', variant: 'destructive' }]);
    expect(button(101)!.disabled).toBe(false);
    expect(button(101)!.querySelector<HTMLElement>('.loading')!.hidden).toBe(true);
    expect(footer()).toBe('0 of 3 lessons completed');
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSessionOnRestore } from './session-check-on-restore';

const restored = (persisted: boolean) => {
  const event = new Event('pageshow') as PageTransitionEvent;
  Object.defineProperty(event, 'persisted', { value: persisted });
  window.dispatchEvent(event);
};

let cover: HTMLElement;
let goHome: ReturnType<typeof vi.fn<(url: string) => void>>;
let controller: AbortController;
beforeEach(() => {
  cover = document.createElement('div');
  cover.hidden = true;
  goHome = vi.fn<(url: string) => void>();
  controller = new AbortController();
  const listen = window.addEventListener.bind(window);
  // Each test's listener goes with it.
  vi.spyOn(window, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject) =>
    listen(type, listener, { signal: controller.signal }),
  );
});
afterEach(() => {
  controller.abort();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('checkSessionOnRestore', () => {
  it('on a restore, covers the page, checks the session and goes home when there is one', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    checkSessionOnRestore(cover, goHome);
    restored(true);
    expect(cover.hidden).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.objectContaining({ credentials: 'same-origin' }));
    answer(new Response('{}', { status: 200 }));
    await vi.waitFor(() => expect(goHome).toHaveBeenCalledWith('/'));
  });

  it('without a session (or when the check fails) uncovers the form and stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Unauthorized"}', { status: 401 })),
    );
    checkSessionOnRestore(cover, goHome);
    restored(true);
    await vi.waitFor(() => expect(cover.hidden).toBe(true));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    restored(true);
    expect(cover.hidden).toBe(false);
    await vi.waitFor(() => expect(cover.hidden).toBe(true));
    expect(goHome).not.toHaveBeenCalled();
  });

  it('does nothing on a plain load', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    checkSessionOnRestore(cover, goHome);
    restored(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(cover.hidden).toBe(true);
  });
});

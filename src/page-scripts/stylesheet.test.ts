// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"handleDisabledFileLoadingAsSuccess":true}}
// The site's stylesheet: fetched a second after the page has settled, linked on the first use once that
// interaction has been painted, once; once it is cached, a cookie tells the server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STYLESHEET_PREFETCH_PAUSE_MS, linkStylesheetOnFirstUse } from './stylesheet';

const HREF = '/_astro/BaseHtml.abc123.css';
let frames: FrameRequestCallback[];
let idles: IdleRequestCallback[];
let fetched: Array<[string, RequestInit]>;
let fetchStatus: number;

const linked = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>(':scope > link[rel="stylesheet"]')].map((link) => link.getAttribute('href'));

/** The two frames and the idle callback after load, then the prefetch's pause. */
function settle(): void {
  frames.shift()?.(0);
  frames.shift()?.(16);
  idles.shift()?.({ didTimeout: false, timeRemaining: () => 10 });
  vi.advanceTimersByTime(STYLESHEET_PREFETCH_PAUSE_MS);
}

/** The frames waiting (the interaction's among them), then the task after their paint. */
function paintInteraction(): void {
  for (const frame of frames.splice(0)) frame(32);
  vi.advanceTimersByTime(0);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  frames = [];
  idles = [];
  fetched = [];
  fetchStatus = 200;
  document.cookie = 'pw_stylesheet=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  // With scripting on, a browser reads a <noscript>'s content as text.
  document.head.innerHTML = `<style>.btn{color:red}</style><noscript data-stylesheet="${HREF}"></noscript>`;
  document.querySelector('noscript')!.textContent = `<link rel="stylesheet" href="${HREF}">`;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idles.push(callback));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      fetched.push([url, init]);
      return new Response('body{}', { status: fetchStatus });
    }),
  );
  Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
});
afterEach(() => {
  window.dispatchEvent(new KeyboardEvent('keydown')); // a listener left by a test goes quiet
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const cookieSaysCached = () => document.cookie.split('; ').includes('pw_stylesheet=BaseHtml.abc123.css');

describe('the stylesheet on first use', () => {
  it('is fetched at low priority a second after the page has settled, and not linked', () => {
    linkStylesheetOnFirstUse();
    frames.shift()?.(0);
    frames.shift()?.(16);
    idles.shift()?.({ didTimeout: false, timeRemaining: () => 10 });
    vi.advanceTimersByTime(STYLESHEET_PREFETCH_PAUSE_MS - 1);
    expect(fetched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fetched).toEqual([[HREF, { priority: 'low', credentials: 'same-origin' }]]);
    expect(linked()).toEqual([]);
  });

  it.each(['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel'])(
    'is linked once after the first %s has been painted',
    (type) => {
      linkStylesheetOnFirstUse();
      window.dispatchEvent(new Event(type));
      expect(linked()).toEqual([]); // the interaction's own frame first
      paintInteraction();
      expect(linked()).toEqual([HREF]);
      window.dispatchEvent(new Event('pointerdown'));
      paintInteraction();
      expect(linked()).toEqual([HREF]);
    },
  );

  it('is not fetched again once linked', () => {
    linkStylesheetOnFirstUse();
    window.dispatchEvent(new Event('pointermove'));
    paintInteraction();
    settle();
    expect(fetched).toEqual([]);
    expect(linked()).toEqual([HREF]);
  });

  it('is not prefetched on Save-Data or 2G, and still linked on first use', () => {
    vi.stubGlobal('navigator', { connection: { saveData: false, effectiveType: 'slow-2g' } });
    linkStylesheetOnFirstUse();
    settle();
    expect(fetched).toEqual([]);
    window.dispatchEvent(new Event('keydown'));
    paintInteraction();
    expect(linked()).toEqual([HREF]);
  });

  it('does nothing on a page that links its stylesheet itself (the dev server)', () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/src/styles/global.css">';
    linkStylesheetOnFirstUse();
    settle();
    window.dispatchEvent(new Event('keydown'));
    paintInteraction();
    expect(fetched).toEqual([]);
    expect(linked()).toEqual(['/src/styles/global.css']);
  });

  it('once prefetched whole, is remembered in a cookie', async () => {
    linkStylesheetOnFirstUse();
    expect(cookieSaysCached()).toBe(false);
    settle();
    await vi.waitFor(() => expect(cookieSaysCached()).toBe(true));
  });

  it('is not remembered after a failed fetch', async () => {
    fetchStatus = 500;
    linkStylesheetOnFirstUse();
    settle();
    await vi.waitFor(() => expect(fetched).toHaveLength(1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cookieSaysCached()).toBe(false);
  });

  it('once linked and loaded, is remembered in a cookie', async () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    linkStylesheetOnFirstUse();
    settle();
    window.dispatchEvent(new Event('pointerdown'));
    expect(cookieSaysCached()).toBe(false);
    paintInteraction(); // linked; the test browser loads it at once
    await vi.waitFor(() => expect(cookieSaysCached()).toBe(true));
    expect(fetched).toEqual([]);
  });
});

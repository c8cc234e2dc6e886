// @vitest-environment happy-dom
// When the page's visits go out: the entry once the page has settled (never beside its first paints), and before
// anything else when the person leaves or changes tab first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let frames: FrameRequestCallback[];
let idles: IdleRequestCallback[];
let fetched: Array<Record<string, unknown>>;
let beacons: Array<Record<string, unknown>>;

/** Loads the script afresh, as a page does on entry. */
async function openPage(): Promise<void> {
  vi.resetModules();
  await import('./visit-tracking');
}

/** The two frames and the idle callback after load, then the entry's pause. */
function settle(): void {
  frames.shift()?.(0);
  frames.shift()?.(16);
  idles.shift()?.({ didTimeout: false, timeRemaining: () => 10 });
  vi.advanceTimersByTime(250);
}

const kinds = (visits: Array<Record<string, unknown>>) => visits.map((visit) => [visit['tabId'], visit['exitPage']]);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  frames = [];
  idles = [];
  fetched = [];
  beacons = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idles.push(callback));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      fetched.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return new Response(null, { status: 204 });
    }),
  );
  vi.stubGlobal('navigator', {
    sendBeacon: (_url: string, data: Blob) => {
      void data.text().then((text) => beacons.push(JSON.parse(text) as Record<string, unknown>));
      return true;
    },
  });
  Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
});
afterEach(() => {
  window.dispatchEvent(new PageTransitionEvent('pagehide')); // the page is left: its listeners go quiet
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('visit tracking', () => {
  // First: a script loaded by an earlier test would hear this tab change too (its document listener stays).
  it('a tab changed before then sends the entry first, then the tab', async () => {
    await openPage();
    document.dispatchEvent(new CustomEvent('hub:tabchange', { detail: { tabId: 'team' } }));
    expect(kinds(fetched)).toEqual([
      [null, null],
      ['team', null],
    ]);
    settle();
    expect(fetched).toHaveLength(2);
  });

  it('sends the entry once the page has settled, dated when the page opened', async () => {
    const opened = Date.now();
    await openPage();
    frames.shift()?.(0);
    frames.shift()?.(16);
    idles.shift()?.({ didTimeout: false, timeRemaining: () => 10 });
    vi.advanceTimersByTime(249);
    expect(fetched).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(kinds(fetched)).toEqual([[null, null]]);
    expect(fetched[0]).toMatchObject({ pagePath: '/', timeSpent: null });
    expect(Date.parse(String(fetched[0]!['visitDate']))).toBeGreaterThanOrEqual(opened - 1000);
  });

  it('leaving before then sends the entry and the exit as beacons, and nothing more later', async () => {
    await openPage();
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    await vi.waitFor(() => expect(beacons).toHaveLength(2));
    expect(kinds(beacons)).toEqual([
      [null, null],
      [null, 'navigation'],
    ]);
    settle();
    expect(fetched).toEqual([]);
  });
});

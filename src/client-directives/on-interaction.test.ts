// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import onInteraction, { PREFETCH_PAUSE_MS } from './on-interaction';

/** An island as Astro renders it, with a field inside. */
function island(): { el: HTMLElement; field: HTMLInputElement } {
  const el = document.createElement('astro-island');
  el.setAttribute('component-url', '/_astro/HeaderSearch.abc.js');
  el.setAttribute('renderer-url', '/_astro/client.C1.js');
  const field = document.createElement('input');
  el.append(field);
  document.body.append(el);
  return { el, field };
}

let frames: FrameRequestCallback[];
let idles: IdleRequestCallback[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  frames = [];
  idles = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idles.push(callback));
  fetchMock = vi.fn(async () => new Response(''));
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

/** Runs the two frames and the idle callback the directive waits for after load, then its pause. */
function settle(): void {
  frames.shift()?.(0);
  frames.shift()?.(16);
  idles.shift()?.({ didTimeout: false, timeRemaining: () => 10 });
  vi.advanceTimersByTime(PREFETCH_PAUSE_MS);
}

describe('client:interaction', () => {
  it('loads nothing before use; once the page has settled it fetches the modules as text, without running them', async () => {
    const { el } = island();
    const load = vi.fn(async () => async () => undefined);
    onInteraction(load, { name: 'HeaderSearch', value: '' }, el);
    expect(fetchMock).not.toHaveBeenCalled();
    frames.shift()?.(0);
    frames.shift()?.(16);
    idles.shift()?.({ didTimeout: false, timeRemaining: () => 10 });
    vi.advanceTimersByTime(PREFETCH_PAUSE_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled(); // not while the first paints may still be under way
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      'http://localhost:3000/_astro/HeaderSearch.abc.js',
      'http://localhost:3000/_astro/client.C1.js',
    ]);
    expect(load).not.toHaveBeenCalled();
  });

  for (const [event, make] of [
    ['focusin', () => new FocusEvent('focusin', { bubbles: true })],
    ['pointerdown', () => new PointerEvent('pointerdown', { bubbles: true })],
    ['keydown', () => new KeyboardEvent('keydown', { bubbles: true, key: 'l' })],
  ] as const) {
    it(`hydrates on the first ${event} inside the island, once`, async () => {
      const { el, field } = island();
      const hydrate = vi.fn(async () => undefined);
      const load = vi.fn(async () => hydrate);
      onInteraction(load, { name: 'HeaderSearch', value: '' }, el);
      field.dispatchEvent(make());
      field.dispatchEvent(make());
      await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
      expect(load).toHaveBeenCalledTimes(1);
    });
  }

  it('prefetches nothing once the island is in use, or on Save-Data', async () => {
    const used = island();
    onInteraction(
      vi.fn(async () => async () => undefined),
      { name: 'HeaderSearch', value: '' },
      used.el,
    );
    used.field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    settle();
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const saving = island();
    onInteraction(
      vi.fn(async () => async () => undefined),
      { name: 'HeaderSearch', value: '' },
      saving.el,
    );
    settle();
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('notes when the last text was typed while the island loads, for its debounce', async () => {
    const { el, field } = island();
    let finish: (hydrate: () => Promise<void>) => void = () => undefined;
    onInteraction(() => new Promise((resolve) => (finish = resolve)), { name: 'HeaderSearch', value: '' }, el);
    expect(el.hasAttribute('data-typed-at')).toBe(false);
    field.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'l' }));
    const typed = new Event('input', { bubbles: true });
    field.dispatchEvent(typed);
    expect(el.getAttribute('data-typed-at')).toBe(String(typed.timeStamp));
    finish(async () => undefined);
    await vi.advanceTimersByTimeAsync(0);
    field.dispatchEvent(new Event('input', { bubbles: true })); // the island's own handlers take over
    expect(el.getAttribute('data-typed-at')).toBe(String(typed.timeStamp));
  });

  describe('a press before hydration', () => {
    /** Loads only when `finish` is called; `pressed` records what the hydrated island's handlers saw. */
    function slowIsland(): { el: HTMLElement; finish: () => Promise<void>; hydrated: () => boolean } {
      const { el } = island();
      let resolve: (hydrate: () => Promise<void>) => void = () => undefined;
      let done = false;
      onInteraction(() => new Promise((r) => (resolve = r)), { name: 'Island', value: '' }, el);
      return {
        el,
        finish: async () => {
          resolve(async () => {
            done = true;
          });
          await vi.advanceTimersByTimeAsync(0);
        },
        hydrated: () => done,
      };
    }

    it('on a button is pressed again once the island has hydrated, only the last one, once', async () => {
      const { el, finish } = slowIsland();
      const first = el.appendChild(document.createElement('button'));
      first.type = 'button';
      const second = el.appendChild(document.createElement('button'));
      second.type = 'button';
      const clicks: string[] = [];
      first.addEventListener('click', () => clicks.push('first'));
      second.addEventListener('click', () => clicks.push('second'));
      first.click();
      second.click();
      expect(clicks).toEqual(['first', 'second']); // the HTML's own (no-op) presses
      await finish();
      expect(clicks).toEqual(['first', 'second', 'second']);
      second.click(); // hydrated: nothing is held any more
      await vi.advanceTimersByTimeAsync(0);
      expect(clicks).toEqual(['first', 'second', 'second', 'second']);
    });

    it('a click alone (assistive technology) starts hydration', async () => {
      const { el } = island();
      const load = vi.fn(async () => async () => undefined);
      onInteraction(load, { name: 'Island', value: '' }, el);
      el.appendChild(document.createElement('button')).click();
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('is not pressed again when the button is gone or disabled by then', async () => {
      const { el, finish } = slowIsland();
      const button = el.appendChild(document.createElement('button'));
      button.type = 'button';
      const clicks = vi.fn();
      button.addEventListener('click', clicks);
      button.click();
      button.disabled = true;
      await finish();
      expect(clicks).toHaveBeenCalledTimes(1);
    });

    it('a submitted form is held (no reload, no plain post) and submitted again, with its button', async () => {
      const { el, finish } = slowIsland();
      const form = el.appendChild(document.createElement('form'));
      form.setAttribute('action', '/auth');
      const submit = form.appendChild(document.createElement('button'));
      submit.type = 'submit';
      submit.value = 'go';
      const seen: Array<{ prevented: boolean; submitter: string | undefined }> = [];
      form.addEventListener('submit', (event) => {
        seen.push({ prevented: event.defaultPrevented, submitter: (event as SubmitEvent).submitter?.getAttribute('value') ?? undefined });
        event.preventDefault();
      });
      form.requestSubmit(submit);
      expect(seen).toEqual([{ prevented: true, submitter: 'go' }]);
      await finish();
      expect(seen).toHaveLength(2);
      expect(seen[1]).toEqual({ prevented: false, submitter: 'go' });
    });

    it('a form submitted without a button (no submitter) is submitted again as it was', async () => {
      const { el, finish } = slowIsland();
      const form = el.appendChild(document.createElement('form'));
      const submits = vi.fn((event: Event) => event.preventDefault());
      form.addEventListener('submit', submits);
      form.requestSubmit();
      expect(submits).toHaveBeenCalledTimes(1);
      await finish();
      expect(submits).toHaveBeenCalledTimes(2);
    });

    it('Enter in a box whose island makes Enter submit is held (no new line) and pressed again; Shift+Enter is not', async () => {
      const { el, finish } = slowIsland();
      const box = el.appendChild(document.createElement('textarea'));
      box.setAttribute('data-enter-submits', '');
      const plain = el.appendChild(document.createElement('textarea'));
      const keys: Array<{ box: string; shift: boolean; prevented: boolean }> = [];
      for (const [name, target] of [
        ['marked', box],
        ['plain', plain],
      ] as const) {
        target.addEventListener('keydown', (event) => keys.push({ box: name, shift: event.shiftKey, prevented: event.defaultPrevented }));
      }
      const enter = (target: HTMLElement, shiftKey = false) =>
        target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey, bubbles: true, cancelable: true }));
      enter(plain);
      enter(box, true);
      enter(box);
      expect(keys).toEqual([
        { box: 'plain', shift: false, prevented: false },
        { box: 'marked', shift: true, prevented: false },
        { box: 'marked', shift: false, prevented: true },
      ]);
      await finish();
      expect(keys.slice(3)).toEqual([{ box: 'marked', shift: false, prevented: false }]);
    });

    it('a radio or a link does its own thing at once, and nothing is pressed again for it', async () => {
      const { el, finish } = slowIsland();
      const radio = el.appendChild(document.createElement('input'));
      radio.type = 'radio';
      const link = el.appendChild(document.createElement('a'));
      link.href = '#there';
      const clicks = vi.fn((event: Event) => expect(event.defaultPrevented).toBe(false));
      radio.addEventListener('click', clicks);
      link.addEventListener('click', (event) => {
        clicks(event);
        event.preventDefault(); // no navigation in the test
      });
      radio.click();
      link.click();
      expect(radio.checked).toBe(true);
      await finish();
      expect(clicks).toHaveBeenCalledTimes(2);
    });
  });
});

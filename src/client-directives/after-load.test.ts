// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import afterLoad from './after-load';

describe('client:afterload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hydrates only after the load event, the next paint and an idle period', async () => {
    const frames: FrameRequestCallback[] = [];
    const idles: IdleRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idles.push(callback));
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    const hydrate = vi.fn(async () => undefined);
    const load = vi.fn(async () => hydrate);

    afterLoad(load, { name: 'Island', value: '' }, document.createElement('astro-island'));
    expect(frames).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    frames.shift()!(0); // before the next paint
    expect(idles).toHaveLength(0);
    frames.shift()!(16); // after it
    expect(load).not.toHaveBeenCalled();
    idles.shift()!({ didTimeout: false, timeRemaining: () => 10 });
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when the page has already loaded, waits only for the paint and the idle period', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => callback({ didTimeout: false, timeRemaining: () => 10 }));
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    const hydrate = vi.fn(async () => undefined);
    afterLoad(async () => hydrate, { name: 'Island', value: '' }, document.createElement('astro-island'));
    expect(frames).toHaveLength(1);
    frames.shift()!(0);
    frames.shift()!(16);
    await vi.waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
  });
});

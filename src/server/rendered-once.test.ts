import { describe, expect, it, vi } from 'vitest';
import { RENDERED_ONCE_MAX_ENTRIES, renderedOnce } from './rendered-once';

// The cache lives as long as the module: each test uses days of its own, so none sees another's entries.
const renderer = (html = '<p>Market size</p>') => vi.fn(() => Promise.resolve(html));

describe('renderedOnce', () => {
  it('renders a key once per day and serves the same HTML after', async () => {
    const render = renderer();
    expect(await renderedOnce('company-overview/team', 'day-1', render, true)).toBe('<p>Market size</p>');
    expect(await renderedOnce('company-overview/team', 'day-1', render, true)).toBe('<p>Market size</p>');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders each key on its own, and starts over when the day changes', async () => {
    const team = renderer('<p>team</p>');
    const history = renderer('<p>history</p>');
    expect(await renderedOnce('page/team', 'day-2', team, true)).toBe('<p>team</p>');
    expect(await renderedOnce('page/history', 'day-2', history, true)).toBe('<p>history</p>');
    await renderedOnce('page/team', 'day-3', team, true);
    expect(team).toHaveBeenCalledTimes(2);
    expect(history).toHaveBeenCalledTimes(1);
  });

  it('shares one render between requests that arrive before it finishes', async () => {
    let finish: (html: string) => void = () => undefined;
    const render = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = renderedOnce('page/slow', 'day-4', render, true);
    const second = renderedOnce('page/slow', 'day-4', render, true);
    finish('<p>done</p>');
    expect(await Promise.all([first, second])).toEqual(['<p>done</p>', '<p>done</p>']);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('keeps no failed render: the next request renders again', async () => {
    const render = vi.fn().mockRejectedValueOnce(new Error('content missing')).mockResolvedValueOnce('<p>ok</p>');
    await expect(renderedOnce('page/flaky', 'day-5', render, true)).rejects.toThrow('content missing');
    expect(await renderedOnce('page/flaky', 'day-5', render, true)).toBe('<p>ok</p>');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['<div><script type="module">run()</script></div>', '<script'],
    ['<astro-island uid="x"></astro-island>', '<astro-island'],
  ])('refuses HTML with page state (%s), naming the key and the fix', async (html, marker) => {
    const result = renderedOnce('page/with-script', 'day-6', renderer(html), true);
    await expect(result).rejects.toThrow(`RenderedOnce "page/with-script": the HTML contains ${marker}…>`);
    await expect(result).rejects.toThrow('Move the component with the script or island outside <RenderedOnce>.');
    // Also on the dev server, where nothing is cached, so the mistake shows before it ships.
    await expect(renderedOnce('page/with-script', 'day-6', renderer(html), false)).rejects.toThrow(marker);
  });

  it('renders every time when disabled (the dev server)', async () => {
    const render = renderer();
    await renderedOnce('page/dev', 'day-7', render, false);
    await renderedOnce('page/dev', 'day-7', render, false);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it(`holds at most ${RENDERED_ONCE_MAX_ENTRIES} entries, dropping the least recently used`, async () => {
    const first = renderer('<p>first</p>');
    const recent = renderer('<p>recent</p>');
    await renderedOnce('first', 'day-8', first, true);
    await renderedOnce('recent', 'day-8', recent, true);
    for (let index = 0; index < RENDERED_ONCE_MAX_ENTRIES - 2; index++) await renderedOnce(`filler-${index}`, 'day-8', renderer(), true);
    await renderedOnce('recent', 'day-8', recent, true); // a hit: now the most recently used
    await renderedOnce('one-too-many', 'day-8', renderer(), true); // pushes out the least recently used: "first"
    await renderedOnce('recent', 'day-8', recent, true);
    await renderedOnce('first', 'day-8', first, true);
    expect(recent).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(2);
  });
});

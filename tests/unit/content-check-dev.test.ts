// The content check in the dev server: a problem is printed in the terminal and shown on every page (the
// pages of the broken entry first, "On this page"); after the fix the terminal says "Content check: no
// problems.", the banner is gone, and the open pages are told to reload.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import type { AstroIntegrationLogger } from 'astro';
import { EventEmitter } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ContentProblemsBanner from '~/components/ContentProblemsBanner.astro';
import { contentCheck } from '~/integrations/content-check';
import { contentProblems, setContentProblems } from '~/content-check/dev-problems';
import { contentFile, contentFixture, replaceOnce, type ContentFixture } from '../support/content-fixture';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the dev server with broken content, then fixed', () => {
  let fixture: ContentFixture;
  const logged: Record<'info' | 'warn' | 'error', string[]> = { info: [], warn: [], error: [] };
  const logger = {
    info: (message: string) => logged.info.push(message),
    warn: (message: string) => logged.warn.push(message),
    error: (message: string) => logged.error.push(message),
  } as unknown as AstroIntegrationLogger;
  const watcher = new EventEmitter();
  const sent: unknown[] = [];
  const integration = contentCheck();
  const lesson = () => join(fixture.root, contentFile('lessons', 205));

  beforeAll(() => {
    fixture = contentFixture({ [contentFile('lessons', 205)]: replaceOnce('answer={1}', 'answer={9}') });
    (integration.hooks['astro:config:setup'] as (options: unknown) => void)({
      command: 'dev',
      config: { root: new URL(`file://${fixture.root}/`) },
      logger,
    });
    (integration.hooks['astro:server:setup'] as (options: unknown) => void)({
      server: { watcher, hot: { send: (payload: unknown) => sent.push(payload) } },
      logger,
    });
  });
  afterAll(() => {
    setContentProblems([]);
    fixture.cleanup();
  });

  it('prints the problem at start and keeps it for the pages, with the page of its entry', () => {
    expect(logged.warn.join('\n')).toContain('has answer={9}');
    expect(contentProblems()).toEqual([
      {
        location: expect.stringMatching(new RegExp(`^${contentFile('lessons', 205).replace(/[.]/g, '\\.')}:\\d+$`)),
        text: expect.stringMatching(/^Knowledge check \d \('.+'\) of lesson 'Practice: Leases and Metrics' has answer=\{9\}/),
        fix: expect.stringMatching(/^Set answer to the position of the correct option/),
        pages: ['/modules/2/lessons/205'],
      },
    ]);
  });

  it('shows a banner on every page, marking the page of the broken entry', async () => {
    const container = await AstroContainer.create();
    // The path as the layout hands it over, with the trailing slash the dev server adds.
    const onLesson = text(await container.renderToString(ContentProblemsBanner, { props: { pathname: '/modules/2/lessons/205/' } }));
    expect(onLesson).toMatch(/^Content check: 1 problem, 1 on this page Pages show the last version that loaded until each is fixed/);
    expect(onLesson).toContain(`On this page ${contentFile('lessons', 205)}:`);
    expect(onLesson).toContain('has answer={9}');
    const elsewhere = text(await container.renderToString(ContentProblemsBanner, { props: { pathname: '/quizzes' } }));
    expect(elsewhere).toMatch(/^Content check: 1 problem Pages show/);
    expect(elsewhere).not.toContain('On this page');
  });

  it('after the fix: "Content check: no problems." in the terminal, no banner, and a reload of the open pages', async () => {
    writeFileSync(lesson(), readFileSync(lesson(), 'utf8').replace('answer={9}', 'answer={1}'));
    watcher.emit('all', 'change', lesson());
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 120_000, interval: 100 });
    expect(logged.info).toEqual(['Content check: no problems.']);
    expect(contentProblems()).toEqual([]);
    expect(sent).toEqual([{ type: 'full-reload' }]);
    const container = await AstroContainer.create();
    expect(text(await container.renderToString(ContentProblemsBanner, { props: { pathname: '/modules/2/lessons/205' } }))).toBe('');
  });

  it('ignores changes outside content/', async () => {
    watcher.emit('all', 'change', join(fixture.root, 'src', 'pages', 'index.astro'));
    // Longer than the check's wait after a change (300 ms) and its reload (200 ms).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(logged.info).toEqual(['Content check: no problems.']);
    expect(sent).toHaveLength(1);
  });
});

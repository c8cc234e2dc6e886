// GET and PATCH /api/modules/{id} (docs/product.md "GET /api/modules/{id}", "PATCH /api/modules/{id}"): the module with the signed-in
// user's status.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { moduleResponseSchema } from '~/shared/api/modules';
import { lessonMinutes } from '~/server/content/reading-time';
import { readContent } from '~/content-check/read';
import { contentFile, PROJECT_ROOT } from '../support/content-fixture';
import { expectJson, messageOf, signUp, useTestApp } from './harness';

const t = useTestApp();

const fresh = async () => (await signUp(t.app)).client;

describe('modules', () => {
  it.each([
    ['GET', '/api/modules/1'],
    ['PATCH', '/api/modules/1'],
  ])('signed out, %s %s answers 401', async (method, path) => {
    const response = await t.app.request(method, path, method === 'GET' ? {} : { body: {} });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not signed in' });
  });

  it('GET answers the module with derived duration and lessonCount and the user status', async () => {
    const client = await fresh();
    const module = await expectJson(await client.get('/api/modules/1'), 200, moduleResponseSchema);
    expect(module).toMatchObject({ id: 1, status: 'not_started' });
    expect(module.title.length).toBeGreaterThan(0);
    expect(module.lessonCount).toBe(module.content.length);
    expect(module.duration).toBe(module.content.reduce((sum, lesson) => sum + lesson.duration, 0));
    expect(module.content.map((lesson) => lesson.order)).toEqual([...module.content.map((lesson) => lesson.order)].sort((a, b) => a - b));
    for (const lesson of module.content) expect(['video', 'article', 'interactive', 'quiz']).toContain(lesson.type);
  });

  it('answers minutes computed from each lesson file (words, knowledge checks, quiz questions), never typed', async () => {
    const client = await fresh();
    const module = await expectJson(await client.get('/api/modules/2'), 200, moduleResponseSchema);
    const entries = readContent(PROJECT_ROOT).entries;
    const quizQuestions = (quizId: string) =>
      (readFileSync(join(PROJECT_ROOT, contentFile('quizzes', quizId)), 'utf8').match(/^ {2}- id: /gm) ?? []).length;
    const lessonFiles = entries.filter((entry) => entry.source.collection === 'lessons' && entry.data['moduleId'] === 2);
    expect(lessonFiles.length).toBeGreaterThanOrEqual(4);
    const expected = lessonFiles.map(({ file }) => {
      const text = readFileSync(join(PROJECT_ROOT, file), 'utf8');
      const quizId = /^quizId: (\d+)$/m.exec(text)?.[1];
      const minutes = lessonMinutes(text.replace(/^---[\s\S]*?---\n/, ''), quizId ? quizQuestions(quizId) : 0);
      return { id: Number(/^id: (\d+)$/m.exec(text)![1]), minutes };
    });
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(module.content.map(({ id, duration }) => ({ id, minutes: duration })).sort(byId)).toEqual(expected.sort(byId));
    expect(module.duration).toBe(expected.reduce((sum, lesson) => sum + lesson.minutes, 0));
    expect(module.content.find((lesson) => lesson.id === 203)?.duration).toBeLessThanOrEqual(3);
  });

  it('the dashboard shows the status set on a module without completed lessons, and the lessons decide it once any is', async () => {
    const client = await fresh();
    /** The status badge of module `id`'s card on the dashboard. */
    const badgeOf = async (id: number) => {
      const html = await (await client.get('/')).text();
      const cards = html.match(/<a [^>]*data-testid="module-card"[^>]*>[\s\S]*?<\/a>/g) ?? [];
      const card = cards.find((text) => text.includes(`href="/modules/${id}"`));
      expect(card, `the card of module ${id} among ${cards.length}`).toBeDefined();
      return /class="badge[^"]*">([^<]+)</.exec(card!)?.[1];
    };
    expect(await badgeOf(3)).toBe('Not started');
    expect((await client.patch('/api/modules/3', { status: 'in_progress' })).status).toBe(200);
    expect(await badgeOf(3)).toBe('In progress');
    expect((await client.patch('/api/modules/3', { status: 'not_started' })).status).toBe(200);
    expect(await badgeOf(3)).toBe('Not started');
    // A completed lesson makes module 1 in progress, whatever was set before it.
    expect((await client.patch('/api/modules/1', { status: 'not_started' })).status).toBe(200);
    const lesson = (await expectJson(await client.get('/api/modules/1'), 200, moduleResponseSchema)).content[0]!.id;
    expect((await client.patch('/api/progress/1', { completedLessons: [lesson] })).status).toBe(200);
    expect(await badgeOf(1)).toBe('In progress');
  });

  it('404 for an unknown module, 400 for a non-integer id', async () => {
    const client = await fresh();
    expect(await messageOf(await client.get('/api/modules/99999'), 404)).toBe('Module not found');
    for (const id of ['abc', '0', '1.5', '-1']) expect((await client.get(`/api/modules/${id}`)).status).toBe(400);
  });

  it('PATCH sets the status, validated, never contradicting the lessons', async () => {
    const client = await fresh();
    expect(await expectJson(await client.patch('/api/modules/1', { status: 'in_progress' }), 200, moduleResponseSchema)).toMatchObject({
      id: 1,
      status: 'in_progress',
    });
    expect((await expectJson(await client.get('/api/modules/1'), 200, moduleResponseSchema)).status).toBe('in_progress');
    expect(await messageOf(await client.patch('/api/modules/1', { status: 'done' }), 400)).toMatch(/^status/);
    expect(await messageOf(await client.patch('/api/modules/1', { status: 'in_progress', extra: 1 }), 400)).toMatch(/Unknown field: extra/);
    expect((await client.patch('/api/modules/1', { userId: 1, status: 'in_progress' })).status).toBe(200);
    expect((await client.request('PATCH', '/api/modules/1', { rawBody: '{"status":' })).status).toBe(400);
    expect((await client.patch('/api/modules/1', { status: 'completed' })).status).toBe(409);
    expect((await client.patch('/api/modules/99999', { status: 'in_progress' })).status).toBe(404);
  });
});

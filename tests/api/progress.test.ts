// Lesson progress (docs/product.md "Lesson completion"; docs/decisions.md "Lesson completion is additive"):
// additive completions, derived statuses, every module completed in the end.
import { describe, expect, it } from 'vitest';
import { type ModuleResponse, moduleResponseSchema } from '~/shared/api/modules';
import { progressRecordSchema } from '~/shared/api/progress';
import { expectJson, messageOf, signUp, type ApiClient, useTestApp } from './harness';

const t = useTestApp();

const fresh = async () => (await signUp(t.app)).client;

/** Every module (there is no list call): module ids 1–20 probed at once, unknown ones answer 404. */
async function allModules(client: ApiClient): Promise<ModuleResponse[]> {
  const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => client.get(`/api/modules/${index + 1}`)));
  const modules: ModuleResponse[] = [];
  for (const response of responses) {
    if (response.status === 404) continue;
    modules.push(await expectJson(response, 200, moduleResponseSchema));
  }
  return modules;
}

describe('progress', () => {
  it.each([
    ['GET', '/api/progress'],
    ['POST', '/api/progress'],
    ['PATCH', '/api/progress/1'],
  ])('signed out, %s %s answers 401', async (method, path) => {
    const response = await t.app.request(method, path, method === 'GET' ? {} : { body: {} });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not signed in' });
  });

  it('starts empty; POST creates an in_progress record with the moduleId as id (body userId ignored)', async () => {
    const client = await fresh();
    expect(await expectJson(await client.get('/api/progress'), 200, progressRecordSchema.array())).toEqual([]);
    const created = await expectJson(
      await client.post('/api/progress', {
        userId: 1,
        moduleId: 1,
        status: 'in_progress',
        completedLessons: [],
        lastActivity: new Date().toISOString(),
        timeSpent: 0,
      }),
      201,
      progressRecordSchema,
    );
    expect(created).toMatchObject({ id: 1, moduleId: 1, status: 'in_progress', completedLessons: [], timeSpent: 0 });
    const listed = await expectJson(await client.get('/api/progress'), 200, progressRecordSchema.array());
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: 1, moduleId: 1, status: 'in_progress', completedLessons: [] });
  });

  it('POST validates: unknown module 404, unknown lesson 400, bad fields 400', async () => {
    const client = await fresh();
    expect((await client.post('/api/progress', { moduleId: 99999, completedLessons: [] })).status).toBe(404);
    expect(await messageOf(await client.post('/api/progress', { moduleId: 1, completedLessons: [201] }), 400)).toMatch(/completedLessons/);
    expect(await messageOf(await client.post('/api/progress', { moduleId: 'one' }), 400)).toMatch(/^moduleId/);
    expect(await messageOf(await client.post('/api/progress', { moduleId: 1, timeSpent: -5 }), 400)).toMatch(/^timeSpent/);
    expect(await messageOf(await client.post('/api/progress', { moduleId: 1, admin: true }), 400)).toMatch(/Unknown field/);
    expect(await expectJson(await client.get('/api/progress'), 200, progressRecordSchema.array())).toEqual([]);
  });

  it('PATCH is additive, without duplicates, and completes record and module with the last lesson', async () => {
    const client = await fresh();
    const module = await expectJson(await client.get('/api/modules/1'), 200, moduleResponseSchema);
    const [first, ...rest] = module.content.map((lesson) => lesson.id);
    const one = await expectJson(
      await client.patch('/api/progress/1', { completedLessons: [first], status: 'in_progress', lastActivity: new Date().toISOString() }),
      200,
      progressRecordSchema,
    );
    expect(one).toMatchObject({ id: 1, moduleId: 1, status: 'in_progress', completedLessons: [first] });
    expect((await expectJson(await client.get('/api/modules/1'), 200, moduleResponseSchema)).status).toBe('in_progress');

    // Twice, and with an older list: nothing is lost or duplicated.
    const again = await expectJson(await client.patch('/api/progress/1', { completedLessons: [first, first] }), 200, progressRecordSchema);
    expect(again.completedLessons).toEqual([first]);
    const almost = rest.slice(0, -1);
    if (almost.length > 0) await expectJson(await client.patch('/api/progress/1', { completedLessons: almost }), 200, progressRecordSchema);
    expect((await expectJson(await client.get('/api/modules/1'), 200, moduleResponseSchema)).status).toBe('in_progress');

    const last = await expectJson(await client.patch('/api/progress/1', { completedLessons: [rest.at(-1)] }), 200, progressRecordSchema);
    expect(last.status).toBe('completed');
    expect(last.completedLessons).toEqual([...module.content.map((lesson) => lesson.id)].sort((a, b) => a - b));
    expect((await expectJson(await client.get('/api/modules/1'), 200, moduleResponseSchema)).status).toBe('completed');
    const listed = await expectJson(await client.get('/api/progress'), 200, progressRecordSchema.array());
    expect(listed.find((record) => record.moduleId === 1)?.status).toBe('completed');
  });

  it('PATCH errors: unknown lesson 400, unknown module 404, bad id 400, bad body 400', async () => {
    const client = await fresh();
    expect(await messageOf(await client.patch('/api/progress/1', { completedLessons: [201] }), 400)).toMatch(
      /lesson 201 is not part of module 1/,
    );
    expect((await client.patch('/api/progress/99999', { completedLessons: [] })).status).toBe(404);
    expect((await client.patch('/api/progress/abc', { completedLessons: [101] })).status).toBe(400);
    expect(await messageOf(await client.patch('/api/progress/1', { completedLessons: ['101'] }), 400)).toMatch(/^completedLessons/);
    expect(await messageOf(await client.patch('/api/progress/1', {}), 400)).toMatch(/^completedLessons/);
    expect(await messageOf(await client.patch('/api/progress/1', { completedLessons: [101], timeSpent: 3 }), 400)).toMatch(/Unknown field/);
    expect(await expectJson(await client.get('/api/progress'), 200, progressRecordSchema.array())).toEqual([]);
  });

  it('keeps state per user, whatever userId a body names', async () => {
    const a = await signUp(t.app, 'Learner A');
    const b = await signUp(t.app, 'Learner B');
    await expectJson(await a.client.patch('/api/progress/1', { userId: b.user.id, completedLessons: [101] }), 200, progressRecordSchema);
    await expectJson(
      await a.client.post('/api/progress', { userId: b.user.id, moduleId: 2, completedLessons: [] }),
      201,
      progressRecordSchema,
    );
    expect(await expectJson(await b.client.get('/api/progress'), 200, progressRecordSchema.array())).toEqual([]);
    expect((await expectJson(await b.client.get('/api/modules/1'), 200, moduleResponseSchema)).status).toBe('not_started');
    const mine = await expectJson(await a.client.get('/api/progress'), 200, progressRecordSchema.array());
    expect(mine.map((record) => record.moduleId)).toEqual([1, 2]);
  });

  it('loses nothing under 50 or more concurrent PATCH requests spread over every lesson of every module', async () => {
    const client = await fresh();
    const modules = await allModules(client);
    const lessons = modules.flatMap((module) => module.content.map((lesson) => ({ moduleId: module.id, lessonId: lesson.id })));
    expect(lessons.length).toBeGreaterThan(0);
    const responses = await Promise.all(
      Array.from({ length: Math.max(50, lessons.length) }, (_, index) => {
        const target = lessons[index % lessons.length]!;
        return client.patch(`/api/progress/${target.moduleId}`, { completedLessons: [target.lessonId] });
      }),
    );
    for (const response of responses) expect(response.status, await response.text()).toBe(200);
    const records = await expectJson(await client.get('/api/progress'), 200, progressRecordSchema.array());
    for (const module of modules) {
      const record = records.find((item) => item.moduleId === module.id);
      expect(record?.completedLessons).toEqual(module.content.map((lesson) => lesson.id).sort((a, b) => a - b));
      expect(record?.status).toBe('completed');
      expect((await expectJson(await client.get(`/api/modules/${module.id}`), 200, moduleResponseSchema)).status).toBe('completed');
    }
  }, 180_000);
});

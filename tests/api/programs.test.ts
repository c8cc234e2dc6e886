// Onboarding programs over HTTP (docs/product.md "Onboarding programs"): the programs, a person's plan
// computed from what they did (before the assignment too), assigning, moving, switching and ending,
// sign-offs stored once, the certificate, Team Progress's plan columns, and every bad input and caller.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSchema, programRowSchema, signoffSchema, type PlanResponse } from '~/shared/api/programs';
import { teamProgressResponseSchema } from '~/shared/api/team';
import { addMonths } from '~/shared/freshness/dates';
import { setDisabled } from '~/server/accounts/accounts';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { committedContent } from './content-bank';
import { expectJson, messageOf, signIn, signUp, startApp, type ApiClient, type TestApp } from './harness';

const ACCESS_DENIED = 'The Team Progress dashboard is only accessible to administrators.';
const IN_PROCESS = !process.env['API_BASE_URL'];

let app: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
  app = await startApp();
  admin = await signIn(app, DEMO_ADMIN);
});
afterAll(async () => {
  delete process.env['PARCELWISE_TEST_CLOCK'];
  await app.stop();
});

const day = (offset: number, from = new Date()) => new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const at = (client: ApiClient, method: string, path: string, now: string, body?: unknown) =>
  client.request(method, path, { headers: { 'x-parcelwise-now': now }, ...(body === undefined ? {} : { body }) });
const planOf = async (client: ApiClient, now?: string): Promise<PlanResponse> =>
  expectJson(now ? await at(client, 'GET', '/api/plan', now) : await client.get('/api/plan'), 200, planSchema);
const assign = (body: unknown) => admin.post('/api/program-assignments', body);
const end = (username: string, body: unknown) =>
  admin.request('DELETE', `/api/program-assignments/${encodeURIComponent(username)}`, { body });
const statusOf = (plan: PlanResponse, id: string) => plan.items.find((item) => item.id === id)?.status;

async function newPerson(name = 'Plan Learner') {
  return signUp(app, name);
}

describe('GET /api/programs', () => {
  it('lists every program with its job, length and number of items; signed out: 401', async () => {
    const { client } = await newPerson();
    const rows = await expectJson(await client.get('/api/programs'), 200, programRowSchema.array());
    expect(rows.map((row) => row.id).sort()).toEqual([
      'account-executive-onboarding',
      'customer-success-onboarding',
      'discovery-refresher',
      'sdr-onboarding',
    ]);
    expect(rows.find((row) => row.id === 'discovery-refresher')).toEqual({
      id: 'discovery-refresher',
      title: 'Discovery refresher',
      role: 'Account executive or SDR already selling',
      lengthDays: 14,
      items: 9,
    });
    expect(await messageOf(await app.client().get('/api/programs'), 401)).toBe('Not signed in');
  });
});

describe('a plan', () => {
  it('is empty without a program, and never shows anybody else’s', async () => {
    const { client } = await newPerson();
    expect(await planOf(client)).toEqual({ program: null, startDate: null, day: null, items: [], certificate: null });
    const other = await newPerson();
    await expectJson(await assign({ username: other.user.username, programId: 'sdr-onboarding' }), 201, planSchema);
    expect((await planOf(client)).program).toBeNull();
    expect((await planOf(other.client)).program).toEqual({ id: 'sdr-onboarding', title: 'SDR onboarding' });
  });

  it('assigned 10 days ago: items due by then are overdue, what was done before the assignment counts, with its date', async () => {
    const { client, user } = await newPerson();
    expect((await client.post('/api/progress', { moduleId: 6, completedLessons: [601] })).status).toBe(201);
    const plan = await expectJson(
      await assign({ username: user.username, programId: 'discovery-refresher', startDate: day(-10) }),
      201,
      planSchema,
    );
    expect(plan).toMatchObject({
      program: { id: 'discovery-refresher', title: 'Discovery refresher' },
      startDate: day(-10),
      day: 11,
      certificate: null,
    });
    expect(plan.items.map((item) => [item.id, item.kind, item.required, item.dueDate, item.status, item.href])).toEqual([
      ['read:/sales-kit/discovery-questions', 'read', true, day(-8), 'overdue', '/sales-kit/discovery-questions'],
      ['read:/sales-kit/objections', 'read', true, day(-6), 'overdue', '/sales-kit/objections'],
      ['lesson-601', 'lesson', true, day(-5), 'done', '/modules/6/lessons/601'],
      ['lesson-602', 'lesson', true, day(-4), 'overdue', '/modules/6/lessons/602'],
      ['lesson-603', 'lesson', true, day(-3), 'overdue', '/modules/6/lessons/603'],
      ['read:/sales-kit/prospecting', 'read', false, day(-3), 'overdue', '/sales-kit/prospecting'],
      ['lesson-604', 'lesson', true, day(-2), 'overdue', '/modules/6/lessons/604'],
      ['quiz-13', 'quiz', true, day(0), 'due', '/quizzes/13'],
      ['discovery-roleplay', 'signoff', true, day(4), 'due', '/plan#item-discovery-roleplay'],
    ]);
    expect(plan.items.find((item) => item.id === 'lesson-601')?.doneAt?.slice(0, 10)).toBe(day(0));
    expect(await planOf(client)).toEqual(plan);
  });

  it('done once visited, passed at 80 %, signed off once: then the certificate, dated by the last item', async () => {
    const { client, user } = await newPerson();
    await expectJson(await assign({ username: user.username, programId: 'discovery-refresher', startDate: day(-3) }), 201, planSchema);
    for (const pagePath of ['/sales-kit/discovery-questions', '/sales-kit/objections/'])
      expect(
        (
          await client.post('/api/track-visit', {
            pagePath,
            tabId: null,
            timeSpent: null,
            exitPage: null,
            visitDate: new Date().toISOString(),
          })
        ).status,
      ).toBe(204);
    expect((await client.post('/api/progress', { moduleId: 6, completedLessons: [601, 602, 603, 604] })).status).toBe(201);
    const quiz = committedContent().quizzes.find((candidate) => candidate.id === 13)!;
    const answers = (wrong: number) =>
      quiz.questions.map((question, index) => ({
        questionId: question.id,
        selectedOptionId: question.options.find((option) => option.isCorrect === index >= wrong)!.id,
      }));
    // Every question wrong: taken, not passed.
    expect((await client.post('/api/quiz-results', { quizId: 13, answers: answers(quiz.questions.length) })).status).toBe(201);
    let plan = await planOf(client);
    expect(plan.items.map((item) => [item.id, item.status])).toEqual([
      ['read:/sales-kit/discovery-questions', 'done'],
      ['read:/sales-kit/objections', 'done'],
      ['lesson-601', 'done'],
      ['lesson-602', 'done'],
      ['lesson-603', 'done'],
      ['read:/sales-kit/prospecting', 'due'],
      ['lesson-604', 'done'],
      ['quiz-13', 'upcoming'],
      ['discovery-roleplay', 'upcoming'],
    ]);
    expect((await client.post('/api/quiz-results', { quizId: 13, answers: answers(0) })).status).toBe(201);
    expect(statusOf(await planOf(client), 'quiz-13')).toBe('done');

    const signoff = { username: user.username, itemId: 'discovery-roleplay', note: 'Found a 12 % vacancy cost' };
    const first = await expectJson(await admin.post('/api/program-signoffs', signoff), 201, signoffSchema);
    expect(first).toMatchObject({
      username: user.username,
      programId: 'discovery-refresher',
      itemId: 'discovery-roleplay',
      by: DEMO_ADMIN.name,
      note: 'Found a 12 % vacancy cost',
    });
    const again = await expectJson(await admin.post('/api/program-signoffs', { ...signoff, note: 'changed' }), 200, signoffSchema);
    expect(again).toEqual(first);

    plan = await planOf(client);
    expect(plan.items.filter((item) => item.required).every((item) => item.status === 'done')).toBe(true);
    expect(plan.certificate).toEqual({
      title: 'Current on discovery',
      issuedAt: first.at,
      expiresAt: `${addMonths(first.at.slice(0, 10), 6)}T${first.at.slice(11)}`,
      status: 'valid',
      testedOut: 0,
    });
    const row = (await expectJson(await admin.get('/api/team-progress'), 200, teamProgressResponseSchema)).find(
      (candidate) => candidate.id === user.id,
    );
    expect(row).toMatchObject({
      program: { id: 'discovery-refresher', title: 'Discovery refresher' },
      planDay: 4,
      planDone: 8,
      planRequired: 8,
      overdueItems: 0,
      planStatus: 'certified',
    });
  });

  it('moves with a new start date, switches program, and ends with a reason: one active assignment at a time', async () => {
    const { client, user } = await newPerson();
    await expectJson(await assign({ username: user.username, programId: 'discovery-refresher', startDate: day(-10) }), 201, planSchema);
    const moved = await expectJson(
      await assign({ username: user.username, programId: 'discovery-refresher', startDate: day(0) }),
      201,
      planSchema,
    );
    expect(moved).toMatchObject({ startDate: day(0), day: 1 });
    expect(moved.items.every((item) => item.status !== 'overdue')).toBe(true);
    const switched = await expectJson(await assign({ username: user.username, programId: 'customer-success-onboarding' }), 201, planSchema);
    expect(switched.program?.id).toBe('customer-success-onboarding');
    expect(await messageOf(await end(user.username, {}), 400)).toBe('reason: reason is required');
    expect((await end(user.username, { reason: 'Moved to the product team' })).status).toBe(204);
    expect((await planOf(client)).program).toBeNull();
    expect(await messageOf(await end(user.username, { reason: 'again' }), 404)).toBe(`${user.username} has no active program`);
    const row = (await expectJson(await admin.get('/api/team-progress'), 200, teamProgressResponseSchema)).find(
      (candidate) => candidate.id === user.id,
    );
    expect(row).toMatchObject({ program: null, planDay: null, planStatus: 'none' });
  });

  it('two administrators assigning at once leave exactly one active assignment', async () => {
    const { client, user } = await newPerson();
    const second = await signIn(app, DEMO_ADMIN);
    const answers = await Promise.all([
      admin.post('/api/program-assignments', { username: user.username, programId: 'sdr-onboarding' }),
      second.post('/api/program-assignments', { username: user.username, programId: 'account-executive-onboarding' }),
    ]);
    expect(answers.map((response) => response.status)).toEqual([201, 201]);
    const active = (await planOf(client)).program?.id;
    expect(['sdr-onboarding', 'account-executive-onboarding']).toContain(active);
    const row = (await expectJson(await admin.get('/api/team-progress'), 200, teamProgressResponseSchema)).find(
      (candidate) => candidate.id === user.id,
    );
    expect(row?.program?.id).toBe(active);
  });

  it('team rows: overdue items counted and the plan overdue; a plan started today is on track', async () => {
    const late = await newPerson();
    await expectJson(
      await assign({ username: late.user.username, programId: 'discovery-refresher', startDate: day(-10) }),
      201,
      planSchema,
    );
    const onTime = await newPerson();
    await expectJson(
      await assign({ username: onTime.user.username, programId: 'discovery-refresher', startDate: day(0) }),
      201,
      planSchema,
    );
    const rows = await expectJson(await admin.get('/api/team-progress'), 200, teamProgressResponseSchema);
    expect(rows.find((row) => row.id === late.user.id)).toMatchObject({
      planDay: 11,
      planDone: 0,
      planRequired: 8,
      overdueItems: 6,
      planStatus: 'overdue',
    });
    expect(rows.find((row) => row.id === onTime.user.id)).toMatchObject({ planDay: 1, overdueItems: 0, planStatus: 'on_track' });
  });

  it.skipIf(!IN_PROCESS)('the test clock moves days: three days on, the item due on day 2 is overdue', async () => {
    const onTime = await newPerson();
    await expectJson(
      await assign({ username: onTime.user.username, programId: 'discovery-refresher', startDate: day(0) }),
      201,
      planSchema,
    );
    const third = await at(admin, 'GET', '/api/team-progress', `${day(3)}T12:00:00.000Z`);
    const later = (await expectJson(third, 200, teamProgressResponseSchema)).find((row) => row.id === onTime.user.id);
    expect(later).toMatchObject({ planDay: 4, overdueItems: 1, planStatus: 'overdue' });
    expect(statusOf(await planOf(onTime.client, `${day(3)}T12:00:00.000Z`), 'read:/sales-kit/discovery-questions')).toBe('overdue');
  });
});

describe('bad input and callers', () => {
  let learner: { client: ApiClient; user: { id: string; username: string } };
  beforeAll(async () => {
    learner = await newPerson();
  });

  it.each([
    [
      'an unknown user',
      () => ({ username: `nobody-${randomUUID().slice(0, 6)}@parcelwise.example`, programId: 'sdr-onboarding' }),
      404,
      /^No user nobody-/,
    ],
    [
      'an unknown program',
      () => ({ username: learner.user.username, programId: 'astronaut-onboarding' }),
      404,
      /^No program astronaut-onboarding$/,
    ],
    [
      'a start before 2015-01-01',
      () => ({ username: learner.user.username, programId: 'sdr-onboarding', startDate: '2014-12-31' }),
      400,
      /^startDate must be on or after 2015-01-01$/,
    ],
    [
      'a start more than 90 days ahead',
      () => ({ username: learner.user.username, programId: 'sdr-onboarding', startDate: day(91) }),
      400,
      /^startDate must be at most 90 days from today$/,
    ],
    [
      'a start that is no date',
      () => ({ username: learner.user.username, programId: 'sdr-onboarding', startDate: '2026-02-30' }),
      400,
      /^startDate: startDate must be a date written YYYY-MM-DD$/,
    ],
    ['no username', () => ({ programId: 'sdr-onboarding' }), 400, /^username: username is required$/],
    ['an unknown field', () => ({ username: learner.user.username, programId: 'sdr-onboarding', extra: 1 }), 400, /^Unknown field: extra$/],
  ])('POST /api/program-assignments with %s', async (_, body, status, message) => {
    expect(await messageOf(await assign(body()), status)).toMatch(message);
  });

  it('a start 90 days ahead is taken: day 0, nothing due', async () => {
    const plan = await expectJson(
      await assign({ username: learner.user.username, programId: 'sdr-onboarding', startDate: day(90) }),
      201,
      planSchema,
    );
    expect(plan).toMatchObject({ day: 0, startDate: day(90) });
    expect(plan.items.every((item) => item.status === 'upcoming')).toBe(true);
  });

  it.skipIf(!IN_PROCESS)('a disabled person cannot be assigned a program (409)', async () => {
    const person = await newPerson();
    await setDisabled(person.user.username, true);
    expect(await messageOf(await assign({ username: person.user.username, programId: 'sdr-onboarding' }), 409)).toBe(
      `${person.user.username} is disabled: enable the account before assigning a program`,
    );
  });

  it('signing off an item that is not a sign-off of the person’s program, or without a program: 400', async () => {
    const person = await newPerson();
    const signOff = (itemId: string) => admin.post('/api/program-signoffs', { username: person.user.username, itemId });
    expect(await messageOf(await signOff('discovery-roleplay'), 400)).toBe(
      `itemId: discovery-roleplay is not a sign-off of ${person.user.username}'s program`,
    );
    await expectJson(await assign({ username: person.user.username, programId: 'sdr-onboarding' }), 201, planSchema);
    expect(await messageOf(await signOff('discovery-roleplay'), 400)).toMatch(/is not a sign-off of/);
    expect(await messageOf(await signOff('lesson-401'), 400)).toMatch(/is not a sign-off of/);
    expect(
      await messageOf(
        await admin.post('/api/program-signoffs', { username: person.user.username, itemId: 'shadow-calls', note: 'x'.repeat(501) }),
        400,
      ),
    ).toBe('note: note must be at most 500 characters');
    expect((await signOff('shadow-calls')).status).toBe(201);
  });

  it('a person’s page for an account that does not exist, or an id that is no account id, is a 404, a form sent to it too', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not.an.id']) {
      const page = await admin.get(`/team-progress/${id}`);
      expect(page.status, id).toBe(404);
      expect(await page.text()).toContain('No such team member');
      const form = await admin.request('POST', `/team-progress/${id}`, {
        rawBody: 'action=end&reason=x',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status, id).toBe(404);
    }
  });

  it('every administrators’ route answers 403 to anybody else, whatever the body, and 401 signed out', async () => {
    const { client } = learner;
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/program-assignments', { username: learner.user.username, programId: 'sdr-onboarding' }],
      ['POST', '/api/program-assignments', { nonsense: true }],
      ['POST', '/api/program-assignments', { username: 'nobody@parcelwise.example', programId: 'sdr-onboarding' }],
      ['DELETE', `/api/program-assignments/${learner.user.username}`, { reason: 'x' }],
      ['DELETE', '/api/program-assignments/nobody@parcelwise.example', {}],
      ['POST', '/api/program-signoffs', { username: learner.user.username, itemId: 'shadow-calls' }],
    ];
    for (const [method, path, body] of calls) {
      expect(await messageOf(await client.request(method, path, { body }), 403), `${method} ${path}`).toBe(ACCESS_DENIED);
      expect(await messageOf(await app.client().request(method, path, { body }), 401), `${method} ${path}`).toBe('Not signed in');
    }
  });
});

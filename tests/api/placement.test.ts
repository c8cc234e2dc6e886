// A module's placement check (docs/product.md "Placement check (/modules/{id}/placement)"; docs/decisions.md "Placement checks").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placementCheckSchema, placementResultSchema, type PlacementCheck } from '~/shared/api/placement';
import { dailyChallengeSchema } from '~/shared/api/daily-challenge';
import { progressRecordSchema } from '~/shared/api/progress';
import { reviewSessionSchema } from '~/shared/api/review';
import { bankOf, committedContent } from './content-bank';
import { expectJson, messageOf, signUp, useTestApp, type ApiClient } from './harness';

const t = useTestApp();
beforeAll(() => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
});
afterAll(() => {
  delete process.env['PARCELWISE_TEST_CLOCK'];
});
const bank = bankOf(committedContent());
const fresh = async () => (await signUp(t.app)).client;

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2030-03-10T10:00:00.000Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();
const call = (client: ApiClient, method: string, path: string, now = at(0), body?: unknown) =>
  client.request(method, path, { headers: { 'x-parcelwise-now': now }, ...(body === undefined ? {} : { body }) });

const start = async (client: ApiClient, moduleId = 2, now = at(0)) =>
  expectJson(await call(client, 'GET', `/api/modules/${moduleId}/placement`, now), 200, placementCheckSchema);

/** Every drawn question answered, right or (`wrong`) with an option that is not the key. */
const answersTo = (check: PlacementCheck, wrong = false) => ({
  answers: check.questions.map((question) => {
    const key = bank.byKey.get(question.id)!.question.options.find((option) => option.isCorrect)!.id;
    return { questionId: question.id, optionId: wrong ? question.options.find((option) => option.id !== key)!.id : key };
  }),
});

/** Module 2's lessons that its bank teaches. */
const taught = [...new Set((bank.byModule.get(2) ?? []).map((key) => bank.byKey.get(key)!.lesson!.id))];

describe('placement check', () => {
  it.each([
    ['GET', '/api/modules/2/placement'],
    ['POST', '/api/modules/2/placement'],
  ])('signed out, %s %s answers 401', async (method, path) => {
    const response = await t.app.request(method, path, method === 'GET' ? {} : { body: { answers: [] } });
    expect(response.status).toBe(401);
  });

  it('GET starts the check: questions of every lesson the bank teaches, no answer keys, the same until it is submitted', async () => {
    const client = await fresh();
    const response = await call(client, 'GET', '/api/modules/2/placement');
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain('isCorrect');
    expect(text).not.toContain('explanation');
    const check = placementCheckSchema.parse(JSON.parse(text));
    expect(new Set(check.questions.map((question) => question.lessonId))).toEqual(new Set(taught));
    for (const question of check.questions) {
      expect(bank.byKey.get(question.id)?.lesson?.moduleId).toBe(2);
      expect(question.question).toBe(bank.byKey.get(question.id)!.question.text);
    }
    expect(await start(client, 2, at(60_000))).toEqual(check);
  });

  it('never draws the daily challenge’s current question', async () => {
    const client = await fresh();
    const challenge = await expectJson(await call(client, 'GET', '/api/daily-challenge'), 200, dailyChallengeSchema);
    const moduleId = bank.byKey.get(challenge.id)!.lesson!.moduleId;
    const check = await start(client, moduleId);
    expect(check.questions.map((question) => question.id)).not.toContain(challenge.id);
  });

  it('a pass: graded on the server, the covered lessons completed, every answer on the review schedule, "Tested out" on the module page', async () => {
    const client = await fresh();
    const check = await start(client);
    const result = await expectJson(
      await call(client, 'POST', '/api/modules/2/placement', at(1000), answersTo(check)),
      200,
      placementResultSchema,
    );
    expect(result).toMatchObject({ passed: true, score: 100, threshold: 80 });
    expect(result.lessons.every((lesson) => lesson.known)).toBe(true);
    // The quiz lessons whose quiz gave a question are covered too; the interactive practice is not.
    expect(result.lessons.map((lesson) => lesson.id)).toEqual(expect.arrayContaining(taught));
    expect(result.lessons.map((lesson) => lesson.id)).not.toContain(205);

    const progress = (await expectJson(await call(client, 'GET', '/api/progress', at(2000)), 200)) as Array<{
      moduleId: number;
      completedLessons: number[];
    }>;
    expect(progress.find((row) => row.moduleId === 2)?.completedLessons).toEqual(result.lessons.map((lesson) => lesson.id).sort());
    const review = await expectJson(await call(client, 'GET', '/api/review', at(2000)), 200, reviewSessionSchema);
    expect(review.answersCounted).toBe(check.questions.length);

    const page = await (
      await client.request('GET', '/modules/2', { headers: { 'x-parcelwise-now': at(2000), Accept: 'text/html' } })
    ).text();
    expect(page).toContain(`You tested out of ${result.lessons.length} lessons.`);
    expect(page.match(/data-testid="lesson-tested-out"/g)).toHaveLength(result.lessons.length);
    expect(page).toContain('Your next placement check opens on March 11, 2030 at 10:00 UTC.');
  });

  it('a fail: the lessons to study, nothing completed; one check a day: 429 with Retry-After until 24 hours after it, then other questions', async () => {
    const client = await fresh();
    const check = await start(client);
    const result = await expectJson(
      await call(client, 'POST', '/api/modules/2/placement', at(0), answersTo(check, true)),
      200,
      placementResultSchema,
    );
    expect(result).toMatchObject({ passed: false, score: 0, threshold: 80 });
    expect(result.lessons.every((lesson) => !lesson.known)).toBe(true);
    expect(await expectJson(await call(client, 'GET', '/api/progress', at(1000)), 200)).toEqual([]);

    const again = await call(client, 'GET', '/api/modules/2/placement', at(DAY - 1000));
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('1');
    expect(await messageOf(again)).toBe("One placement check a day: this module's opens again at 2030-03-11T10:00:00.000Z.");
    const resent = await call(client, 'POST', '/api/modules/2/placement', at(3600_000), answersTo(check));
    expect(resent.status).toBe(429);
    expect(resent.headers.get('retry-after')).toBe(String(23 * 3600));
    // Another module's check is open.
    await start(client, 1, at(1000));

    const next = await start(client, 2, at(DAY));
    expect(next.questions.map((question) => question.id)).not.toEqual(check.questions.map((question) => question.id));
  });

  it('two tabs sending the same check at once: one result is stored, the other tab is told to reload (409) or that the check is done (429)', async () => {
    const client = await fresh();
    const check = await start(client);
    const [first, second] = await Promise.all([
      call(client, 'POST', '/api/modules/2/placement', at(1000), answersTo(check)),
      call(client, 'POST', '/api/modules/2/placement', at(1000), answersTo(check, true)),
    ]);
    const statuses = [first.status, second.status];
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const [winner, loser] = first.status === 200 ? [first, second] : [second, first];
    const stored = placementResultSchema.parse(await winner.json());
    expect([409, 429]).toContain(loser.status);
    if (loser.status === 409)
      expect(await messageOf(loser)).toBe('This placement check was submitted in another tab: reload the page to see its result.');
    // The stored result is the winner's: passed, the lessons completed; the next check opens 24 hours after it.
    const completed = await expectJson(await call(client, 'GET', '/api/progress', at(2000)), 200, progressRecordSchema.array());
    expect(completed.length > 0).toBe(stored.passed);
    const again = await call(client, 'GET', '/api/modules/2/placement', at(DAY));
    expect(again.status).toBe(429);
    expect(await messageOf(again)).toBe("One placement check a day: this module's opens again at 2030-03-11T10:00:01.000Z.");
  });

  it('refuses an unknown module (404), a bad id, malformed answers and answers to questions not drawn (400)', async () => {
    const client = await fresh();
    expect(await messageOf(await call(client, 'GET', '/api/modules/999/placement'), 404)).toBe('Module not found');
    expect(await messageOf(await call(client, 'POST', '/api/modules/999/placement', at(0), { answers: [] }), 404)).toBe('Module not found');
    expect((await call(client, 'GET', '/api/modules/x/placement')).status).toBe(400);
    const check = await start(client);
    for (const body of [{}, { answers: 'a' }, { answers: [{ questionId: check.questions[0]!.id }] }, { answers: [], extra: 1 }]) {
      expect((await call(client, 'POST', '/api/modules/2/placement', at(0), body)).status, JSON.stringify(body)).toBe(400);
    }
    const notDrawn = (bank.byModule.get(2) ?? []).find((key) => !check.questions.some((question) => question.id === key))!;
    expect(
      await messageOf(
        await call(client, 'POST', '/api/modules/2/placement', at(0), { answers: [{ questionId: notDrawn, optionId: 'a' }] }),
        400,
      ),
    ).toBe(`answers.0.questionId: "${notDrawn}" is not a question of this placement check`);
    const first = check.questions[0]!;
    expect(
      await messageOf(
        await call(client, 'POST', '/api/modules/2/placement', at(0), { answers: [{ questionId: first.id, optionId: 'zz' }] }),
        400,
      ),
    ).toBe(`answers.0.optionId: unknown option "zz" for "${first.id}"`);
    // Refused answers store nothing: the check is still open.
    expect(await start(client)).toEqual(check);
  });

  describe('the page without JavaScript (Post/Redirect/Get)', () => {
    const postForm = (client: ApiClient, fields: Record<string, string>, now = at(0)) =>
      client.request('POST', '/modules/2/placement', {
        rawBody: new URLSearchParams(fields).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', 'x-parcelwise-now': now },
      });
    const pageAt = async (client: ApiClient, now: string) => {
      const response = await client.request('GET', '/modules/2/placement', { headers: { Accept: 'text/html', 'x-parcelwise-now': now } });
      expect(response.status).toBe(200);
      return response.text();
    };

    it('the form posts the answers, stores the result and goes back to the page (303), which shows the outcome', async () => {
      const client = await fresh();
      const check = await start(client);
      const fields = Object.fromEntries(answersTo(check).answers.map(({ questionId, optionId }) => [questionId, optionId]));
      const posted = await postForm(client, fields, at(1000));
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toBe('/modules/2/placement');
      expect(await posted.text()).toBe('');
      const page = await pageAt(client, at(2000));
      expect(page).toContain('Passed: you tested out');
      expect(page).toContain('Your score: 100% (pass mark 80%).');
      expect(page).toContain('Your next placement check opens on March 11, 2030 at 10:00 UTC.');
      expect(page).not.toContain('data-testid="placement-form"');
      // Stored as the API grades it: the next try waits 24 hours.
      expect((await call(client, 'GET', '/api/modules/2/placement', at(3000))).status).toBe(429);
      // Posted again while the next try is not open: nothing graded, back to the result.
      const again = await postForm(client, {}, at(4000));
      expect(again.status).toBe(303);
      expect(await pageAt(client, at(5000))).toContain('Your score: 100% (pass mark 80%).');
    });

    it('a form that is not this try’s answers stores nothing and goes back to the questions with a toast', async () => {
      const client = await fresh();
      const check = await start(client);
      const posted = await postForm(client, { 'no-such-question': 'a' }, at(1000));
      expect(posted.status).toBe(303);
      expect(posted.headers.get('location')).toBe('/modules/2/placement');
      const page = await pageAt(client, at(2000));
      expect(page).toContain('Placement check not graded');
      expect(page).toContain('data-testid="placement-form"');
      expect(await start(client, 2, at(3000))).toEqual(check);
    });

    it('signed out, the form goes to sign in', async () => {
      const response = await t.app.request('POST', '/modules/2/placement', {
        rawBody: '',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/auth');
    });
  });
});

// The daily challenge (docs/product.md "Daily challenge"; docs/decisions.md "Daily challenge").
import { describe, expect, it } from 'vitest';
import { type DailyChallenge, challengeVerdictSchema, dailyChallengeSchema } from '~/shared/api/daily-challenge';
import { expectJson, messageOf, signUp, useTestApp } from './harness';

const t = useTestApp();

const fresh = async () => (await signUp(t.app)).client;

describe('daily challenge', () => {
  it.each([
    ['GET', '/api/daily-challenge'],
    ['POST', '/api/daily-challenge/complete'],
  ])('signed out, %s %s answers 401', async (method, path) => {
    const response = await t.app.request(method, path, method === 'GET' ? {} : { body: {} });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not signed in' });
  });

  it('GET answers the window question without answer key or explanation', async () => {
    const client = await fresh();
    const response = await client.get('/api/daily-challenge');
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain('isCorrect');
    expect(text).not.toContain('explanation');
    expect(text).not.toContain('correctOptionId');
    const challenge = JSON.parse(text) as DailyChallenge;
    expect(challenge.id.length).toBeGreaterThan(0);
    expect(challenge.quizTitle.length).toBeGreaterThan(0);
    expect(challenge.options.length).toBeGreaterThan(1);
    expect(challenge.nextRefreshHours).toMatch(/^\d{1,2}\.\d$/);
    expect(Number(challenge.nextRefreshHours)).toBeGreaterThan(0);
    expect(Number(challenge.nextRefreshHours)).toBeLessThanOrEqual(12);
    expect(challenge.answer).toBeNull();
    expect(challenge.streak).toBe(0);
    // The same question for this user on every reload in the window.
    expect((await expectJson(await client.get('/api/daily-challenge'), 200, dailyChallengeSchema)).id).toBe(challenge.id);
  });

  it('the first answer counts; a later one gets the stored verdict', async () => {
    const client = await fresh();
    const challenge = await expectJson(await client.get('/api/daily-challenge'), 200, dailyChallengeSchema);
    const [first, second] = challenge.options;
    const verdict = await expectJson(
      await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: first!.id }),
      200,
      challengeVerdictSchema,
    );
    expect(Object.keys(verdict).sort()).toEqual(['correct', 'correctOptionId', 'explanation']);
    expect(verdict.correct).toBe(verdict.correctOptionId === first!.id);
    expect(verdict.explanation.length).toBeGreaterThan(0);

    const later = await expectJson(
      await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: second!.id }),
      200,
      challengeVerdictSchema,
    );
    expect(later).toEqual(verdict);
    const again = await expectJson(await client.get('/api/daily-challenge'), 200, dailyChallengeSchema);
    expect(again.answer).toEqual({ answerId: first!.id, ...verdict });

    expect(again.streak).toBe(1);
    // Another user's answer is theirs alone.
    const other = await fresh();
    const theirs = await expectJson(await other.get('/api/daily-challenge'), 200, dailyChallengeSchema);
    expect(theirs.answer).toBeNull();
    expect(theirs.streak).toBe(0);
  });

  it('the home page is rendered with the challenge (no answer key before answering), then with the counted answer', async () => {
    const client = await fresh();
    const challenge = await expectJson(await client.get('/api/daily-challenge'), 200, dailyChallengeSchema);
    const escape = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
    const home = async () => {
      const response = await client.request('GET', '/', { headers: { Accept: 'text/html' } });
      expect(response.status).toBe(200);
      return response.text();
    };
    const before = await home();
    expect(before).toContain('data-testid="daily-challenge"');
    expect(before).toContain(escape(challenge.text));
    for (const option of challenge.options) expect(before).toContain(escape(option.text));
    expect(before).not.toContain('Loading daily challenge');
    expect(before).not.toContain('correctOptionId');
    expect(before).not.toContain('isCorrect');

    const verdict = await expectJson(
      await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: challenge.options[0]!.id }),
      200,
      challengeVerdictSchema,
    );
    const after = await home();
    expect(after).toContain(verdict.correct ? 'Correct!' : 'Not quite right.');
    expect(after).toContain('data-correct="true"');
  });

  it('rejects a question that is not the current challenge, an unknown option and bad bodies with 400', async () => {
    const client = await fresh();
    const challenge = await expectJson(await client.get('/api/daily-challenge'), 200, dailyChallengeSchema);
    expect(await messageOf(await client.post('/api/daily-challenge/complete', { questionId: 'not-it', answerId: 'a' }), 400)).toMatch(
      /^questionId/,
    );
    expect(await messageOf(await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: 'zz' }), 400)).toMatch(
      /^answerId/,
    );
    expect((await client.post('/api/daily-challenge/complete', { questionId: challenge.id })).status).toBe(400);
    expect((await client.post('/api/daily-challenge/complete', { questionId: challenge.id, answerId: 'a', correct: true })).status).toBe(
      400,
    );
    for (const confidence of ['maybe', true, '']) {
      const body = { questionId: challenge.id, answerId: challenge.options[0]!.id, confidence };
      expect(await messageOf(await client.post('/api/daily-challenge/complete', body), 400)).toBe("confidence: must be 'sure' or 'unsure'");
    }
    expect((await expectJson(await client.get('/api/daily-challenge'), 200, dailyChallengeSchema)).answer).toBeNull();
  });

  it('takes an optional "sure" or "not sure" with the answer', async () => {
    const client = await fresh();
    const challenge = await expectJson(await client.get('/api/daily-challenge'), 200, dailyChallengeSchema);
    const verdict = await client.post('/api/daily-challenge/complete', {
      questionId: challenge.id,
      answerId: challenge.options[0]!.id,
      confidence: 'unsure',
    });
    expect(verdict.status).toBe(200);
    expect((await expectJson(await client.get('/api/daily-challenge'), 200, dailyChallengeSchema)).answer?.answerId).toBe(
      challenge.options[0]!.id,
    );
  });
});

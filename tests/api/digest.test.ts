// The e-mail digest over HTTP, against the built function, a local Blobs server and a real SMTP server in
// this process: the scheduled function's call (POST /api/scheduled/send-digests: no token 401, another
// token 403, the task's token runs a pass that sends over SMTP), and the one-click unsubscribe of the
// digest that arrived (RFC 8058), without a session: GET asks, POST switches the digest off, a forged
// link changes nothing. In process only: the test clock and the SMTP server are this process's.
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeVerdictSchema, dailyChallengeSchema } from '~/shared/api/daily-challenge';
import { digestPassSummarySchema } from '~/shared/api/digest';
import { preferencesSchema } from '~/shared/api/preferences';
import { submitQuizResponseSchema } from '~/shared/api/quizzes';
import { cookieKey } from '~/server/accounts/session-cookie';
import { scheduledCallHeaders } from '~/server/http/scheduled-call';
import { startMailCapture, type MailCapture } from '~tools/local-mail/server';
import { committedContent } from './content-bank';
import { expectJson, messageOf, signUp, startApp, type ApiClient, type TestApp } from './harness';

const IN_PROCESS = !process.env['API_BASE_URL'];
const PASS = '/api/scheduled/send-digests';
const NO_TOKEN = 'This call is made by the site’s scheduled function: send its token as Authorization: Bearer <token>.';
const WRONG_TOKEN = 'This token is not the scheduled function’s.';
const INVALID_LINK = 'This unsubscribe link is not valid. Change your digest on the settings page instead.';
const SAVED = ['PARCELWISE_TEST_CLOCK', 'SMTP_URL', 'MAIL_FROM', 'SITE_URL'].map((name) => [name, process.env[name]] as const);

let app: TestApp;
let smtp: MailCapture;
beforeAll(async () => {
  if (!IN_PROCESS) return;
  smtp = await startMailCapture();
  app = await startApp();
  Object.assign(process.env, {
    PARCELWISE_TEST_CLOCK: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Learning Hub <hub@parcelwise.example>',
    SITE_URL: app.origin,
  });
});
afterAll(async () => {
  for (const [name, value] of SAVED) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await Promise.all([app?.stop(), smtp?.stop()]);
});

/** A pass as the scheduled function asks for it: no session, no Origin; `headers` carry the token (or not). */
const askForPass = (now: string, headers: Record<string, string> = scheduledCallHeaders('send-digests')) =>
  app.request('POST', PASS, { headers: { ...headers, 'x-parcelwise-now': now }, withoutOrigin: true });

/**
 * A newcomer who answered today's challenge right (so no question is held back from the quiz), then took
 * quiz 1 at `now` with exactly one answer wrong: one review due the next day.
 */
async function learnerWithOneReviewDue(now: string): Promise<{ client: ApiClient; username: string; id: string }> {
  const { client, user } = await signUp(app, 'Dana Digest');
  const { quizzes } = committedContent();
  const at = { 'x-parcelwise-now': now };
  const challenge = await expectJson(await client.request('GET', '/api/daily-challenge', { headers: at }), 200, dailyChallengeSchema);
  const [quizId, questionId] = challenge.id.split(':');
  const asked = quizzes.find((candidate) => candidate.id === Number(quizId))!.questions.find((question) => question.id === questionId)!;
  const answerId = asked.options.find((option) => option.isCorrect)!.id;
  const verdict = await client.request('POST', '/api/daily-challenge/complete', {
    body: { questionId: challenge.id, answerId },
    headers: at,
  });
  expect((await expectJson(verdict, 200, challengeVerdictSchema)).correct).toBe(true);
  const quiz = quizzes.find((candidate) => candidate.id === 1)!;
  const answers = quiz.questions.map((question, index) => ({
    questionId: question.id,
    selectedOptionId: question.options.find((option) => option.isCorrect === (index !== 0))!.id,
  }));
  const result = await expectJson(
    await client.request('POST', '/api/quiz-results', { body: { quizId: 1, answers }, headers: at }),
    201,
    submitQuizResponseSchema,
  );
  expect(result.correctAnswers).toBe(quiz.questions.length - 1);
  return { client, username: user.username, id: user.id };
}

const mailsTo = async (address: string): Promise<ParsedMail[]> =>
  (await Promise.all(smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)))).filter(Boolean);

const digestOf = async (client: ApiClient) => (await expectJson(await client.get('/api/preferences'), 200, preferencesSchema)).digest;

describe.skipIf(!IN_PROCESS)('POST /api/scheduled/send-digests', () => {
  it('refuses a call without the token: 401 with WWW-Authenticate, and sends nothing', async () => {
    const before = smtp.received.length;
    for (const headers of [{}, { Authorization: 'Basic c2NoZWR1bGVkOnRva2Vu' }, { Authorization: 'Bearer' }]) {
      const response = await askForPass('2030-04-02T08:00:00.000Z', headers);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await messageOf(response, 401)).toBe(NO_TOKEN);
    }
    expect(smtp.received.length).toBe(before);
  });

  it("refuses another token: 403 (a wrong one, the session cookie's key, the task's token under another SESSION_SECRET)", async () => {
    const right = scheduledCallHeaders('send-digests').Authorization!;
    const saved = process.env['SESSION_SECRET'];
    process.env['SESSION_SECRET'] = 'another-deployment-secret-of-40-characters';
    const otherSecret = scheduledCallHeaders('send-digests').Authorization!;
    if (saved === undefined) delete process.env['SESSION_SECRET'];
    else process.env['SESSION_SECRET'] = saved;
    expect(otherSecret).not.toBe(right);
    for (const authorization of ['Bearer wrong', `Bearer ${cookieKey('session')}`, right.slice(0, -1), otherSecret]) {
      expect(await messageOf(await askForPass('2030-04-02T08:00:00.000Z', { Authorization: authorization }), 403)).toBe(WRONG_TOKEN);
    }
  });

  it('with the token, without a session or an Origin, runs the pass of the hour: the digest goes out over SMTP', async () => {
    const learner = await learnerWithOneReviewDue('2030-04-02T10:00:00.000Z');
    const early = await expectJson(await askForPass('2030-04-03T07:00:00.000Z'), 200, digestPassSummarySchema);
    expect(early).toMatchObject({ hours: ['2030-04-03T07:00:00.000Z'], sent: 0, failed: 0, finished: true, skipped: null });
    expect(await mailsTo(learner.username)).toEqual([]);

    const before = smtp.received.length;
    const pass = await expectJson(await askForPass('2030-04-03T08:00:00.000Z'), 200, digestPassSummarySchema);
    expect(pass).toMatchObject({ hours: ['2030-04-03T08:00:00.000Z'], failed: 0, alreadyClaimed: 0, finished: true, skipped: null });
    expect(pass.sent).toBe(smtp.received.length - before);
    const [mail, ...more] = await mailsTo(learner.username);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('1 review due');
    expect(mail!.text).toContain(`- 1 review due today\n  ${app.origin}/review`);
    expect(mail!.html).toContain(`<a href="${app.origin}/review">1 review due today</a>`);

    // A second call in the same hour (a retry of the schedule) sends nothing more.
    const again = await expectJson(await askForPass('2030-04-03T08:20:00.000Z'), 200, digestPassSummarySchema);
    expect(again.sent).toBe(0);
    expect(await mailsTo(learner.username)).toHaveLength(1);
  });

  it('answers 405 to a GET, and keeps the Origin check for every other write', async () => {
    expect(await messageOf(await app.request('GET', PASS, { headers: scheduledCallHeaders('send-digests') }), 405)).toBe(
      'Method not allowed',
    );
    const response = await app.request('POST', '/api/preferences', { body: { digest: 'off' }, withoutOrigin: true });
    expect(await messageOf(response, 403)).toBe('Cross-site requests are not allowed');
  });
});

describe.skipIf(!IN_PROCESS)('the one-click unsubscribe of a digest that arrived', () => {
  it('GET asks, a forged link is refused, and the mail client’s one-click POST turns the digest off without a session', async () => {
    const learner = await learnerWithOneReviewDue('2030-04-03T10:00:00.000Z');
    await expectJson(await askForPass('2030-04-04T08:00:00.000Z'), 200, digestPassSummarySchema);
    const [mail] = await mailsTo(learner.username);
    // Unfolded (a long header is folded onto a second line).
    const header = (name: string) => mail!.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = new URL(/^List-Unsubscribe: <(.+)>$/.exec(header('list-unsubscribe') ?? '')![1]!);
    expect(link.origin + link.pathname).toBe(`${app.origin}/unsubscribe`);
    expect(link.searchParams.get('u')).toBe(learner.id);
    const path = `${link.pathname}${link.search}`;

    // Opening the link (a person, or a mail scanner) only asks.
    const page = await app.request('GET', path, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Stop the e-mail digest? You can switch it on again in your settings at any time.');
    expect(html).toMatch(/<form method="post"[^>]*>\s*<button type="submit" class="btn btn-primary"[^>]*>\s*Unsubscribe\s*<\/button>/);
    expect(await digestOf(learner.client)).toBe('daily');

    const oneClick = (target: string) =>
      app.request('POST', target, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
        withoutOrigin: true,
      });
    const token = link.searchParams.get('t')!;
    const forged = `/unsubscribe?u=${learner.id}&t=${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`;
    const other = await signUp(app, 'Another Person');
    for (const target of [forged, `/unsubscribe?u=${other.user.id}&t=${token}`, `/unsubscribe?u=${learner.id}`]) {
      const refused = await oneClick(target);
      expect(refused.status, target).toBe(400);
      expect(await refused.text()).toContain(INVALID_LINK);
    }
    expect(await digestOf(learner.client)).toBe('daily');
    expect(await digestOf(other.client)).toBe('daily');

    const done = await oneClick(path);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed: no more digests will come.');
    expect(await digestOf(learner.client)).toBe('off');
    expect(await digestOf(other.client)).toBe('daily');

    // The next day's pass leaves them out, though a review is still due.
    await expectJson(await askForPass('2030-04-05T08:00:00.000Z'), 200, digestPassSummarySchema);
    expect(await mailsTo(learner.username)).toHaveLength(1);
  });
});

// A person's calendar feed over HTTP (docs/product.md "Your calendar feed"): rotating gives an absolute
// address; calendar apps read it without a session as text/calendar with the person's open plan items,
// review days and practice coming back; a rotated, unknown or malformed address is the API's 404; a feed
// never shows another person's data; and the /settings section creates and rotates it without JavaScript.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ical from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { calendarFeedResponseSchema } from '~/shared/api/calendar';
import { practiceAttemptSchema } from '~/shared/api/practice';
import { planSchema } from '~/shared/api/programs';
import { submitQuizResponseSchema } from '~/shared/api/quizzes';
import { setDisabled } from '~/server/accounts/accounts';
import { DEMO_ADMIN } from '~/server/demo-accounts';
import { committedContent } from './content-bank';
import { expectJson, messageOf, signIn, signUp, useTestApp, type ApiClient } from './harness';
import { storedKeys } from './stored-keys';

const context = useTestApp();
const IN_PROCESS = !process.env['API_BASE_URL'];
let admin: ApiClient;
beforeAll(async () => {
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
  admin = await signIn(context.app, DEMO_ADMIN);
});

const DAY = 86_400_000;
const COLD_CALL = 'cold-call-opener-marketing-manager';
const GOOD_COLD_CALL =
  "Thanks for picking up, Nathan, it's Sam from Parcelwise and I'll keep it to your two minutes. I emailed on Monday about " +
  'launching listings from one record. How long does it take Castlegate today from signed assignment to a listing that is live on ' +
  'your site? Would 20 minutes on Thursday at 10 work, with one of your own listings?';
const coldCall = readdirSync('content/practice')
  .map(
    (name) =>
      parse(readFileSync(`content/practice/${name}`, 'utf8')) as {
        id: string;
        title: string;
        rubric: Array<{ id: string; required: boolean }>;
      },
  )
  .find((scenario) => scenario.id === COLD_CALL)!;

const rotate = async (client: ApiClient) =>
  (await expectJson(await client.post('/api/calendar-feed/rotate'), 200, calendarFeedResponseSchema)).url;
/** The feed as a calendar app asks for it: no cookie, no Origin. */
const feed = (url: string, now?: string) =>
  context.app.request('GET', new URL(url).pathname, now ? { headers: { 'x-parcelwise-now': now } } : {});

interface FeedEvent {
  uid: string;
  summary: string;
  date: string;
  url: string;
}
async function eventsOf(response: Response): Promise<FeedEvent[]> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return Object.values(ical.sync.parseICS(text))
    .filter((component) => component?.type === 'VEVENT')
    .map((component) => {
      const event = component as unknown as { uid: string; summary: string; start: Date; url: string | { val: string } };
      const { start } = event;
      const date = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
      return { uid: event.uid, summary: event.summary, date, url: typeof event.url === 'string' ? event.url : event.url.val };
    });
}

/** Submits quiz 1 with every answer wrong: its questions fall due for review soon. Answers how many were graded (today's challenge question waits). */
async function missQuiz(client: ApiClient): Promise<number> {
  const quiz = committedContent().quizzes.find((candidate) => candidate.id === 1)!;
  const answers = quiz.questions.map((question) => ({
    questionId: question.id,
    selectedOptionId: question.options.find((option) => !option.isCorrect)!.id,
  }));
  const result = await expectJson(await client.post('/api/quiz-results', { quizId: 1, answers }), 201, submitQuizResponseSchema);
  return result.review.filter((item) => item.correctOptionId !== null).length;
}

/** The person passes the cold call scenario in an administrator's review: answers when. */
async function passColdCall(client: ApiClient): Promise<string> {
  const attempt = await expectJson(
    await client.post('/api/practice/attempts', { scenarioId: COLD_CALL, text: GOOD_COLD_CALL }),
    201,
    practiceAttemptSchema,
  );
  expect((await client.post(`/api/practice/attempts/${attempt.id}/submit`, { selfCheck: {} })).status).toBe(200);
  const marks = Object.fromEntries(coldCall.rubric.map((item) => [item.id, item.required]));
  const reviewedAt = new Date().toISOString();
  const reviewed = await admin.request('POST', `/api/practice/attempts/${attempt.id}/review`, {
    body: { marks, comment: 'Clear ask.' },
    headers: { 'x-parcelwise-now': reviewedAt },
  });
  expect(reviewed.status).toBe(200);
  return reviewedAt;
}

describe('the calendar feed', () => {
  let ana: { client: ApiClient; user: { id: string; username: string } };
  let anaUrl: string;
  let reviewedAt: string;
  let graded: number;

  beforeAll(async () => {
    ana = await signUp(context.app, 'Feed Reader');
    await expectJson(
      await admin.post('/api/program-assignments', { username: ana.user.username, programId: 'sdr-onboarding' }),
      201,
      planSchema,
    );
    graded = await missQuiz(ana.client);
    reviewedAt = await passColdCall(ana.client);
    anaUrl = await rotate(ana.client);
  });

  it('has an absolute address of 256 random bits after the person’s id, answered as text/calendar, private and never stored', async () => {
    expect(anaUrl).toMatch(new RegExp(`^https?://[^/]+/api/calendar/${ana.user.id}_[A-Za-z0-9_-]{43}\\.ics$`));
    const response = await feed(anaUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect((await response.text()).startsWith('BEGIN:VCALENDAR')).toBe(true);
  });

  it('answers a calendar app’s HEAD as its GET, without the events, and an unknown address 404', async () => {
    const head = await context.app.request('HEAD', new URL(anaUrl).pathname);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(head.headers.get('cache-control')).toBe('private, no-store');
    expect(await head.text()).toBe('');
    const unknown = await context.app.request('HEAD', `/api/calendar/${ana.user.id}_${'A'.repeat(43)}.ics`);
    expect(unknown.status).toBe(404);
  });

  it('holds every open item of the person’s plan on its due date, linked to its page, and no item done', async () => {
    const plan = await expectJson(await ana.client.get('/api/plan'), 200, planSchema);
    const origin = new URL(anaUrl).origin;
    const events = await eventsOf(await feed(anaUrl));
    const open = plan.items.filter((item) => item.status !== 'done');
    expect(open.length).toBeGreaterThan(3);
    expect(events.filter((event) => event.uid.startsWith('plan.')).map(({ summary, date, url }) => ({ summary, date, url }))).toEqual(
      open.map((item) => ({
        summary: item.required ? `Due: ${item.title}` : `Due (optional): ${item.title}`,
        date: item.dueDate,
        url: `${origin}${item.href}`,
      })),
    );
    const practiceItem = plan.items.find((item) => item.id === `practice-${COLD_CALL}`)!;
    expect(practiceItem.status).toBe('done');
    expect(events.map((event) => event.summary)).not.toContain(`Due: ${practiceItem.title}`);
  });

  it('shows the passed scenario coming back 30 days after its pass, and the days reviews are due with their count', async () => {
    const origin = new URL(anaUrl).origin;
    const events = await eventsOf(await feed(anaUrl));
    expect(events.filter((event) => event.uid.startsWith('practice.')).map(({ summary, date, url }) => ({ summary, date, url }))).toEqual([
      {
        summary: `Practise again: ${coldCall.title}`,
        date: new Date(Date.parse(reviewedAt) + 30 * DAY).toISOString().slice(0, 10),
        url: `${origin}/practice/${COLD_CALL}`,
      },
    ]);
    const reviews = events.filter((event) => event.uid.startsWith('reviews.'));
    expect(reviews.length).toBeGreaterThan(0);
    for (const event of reviews) {
      expect(event.summary).toMatch(/^(1 review|([2-9]|1\d|20) reviews) due$/);
      expect(event.url).toBe(`${origin}/review`);
    }
    // The quiz's questions were missed today: every one graded is due for review on the first review day.
    expect(graded).toBeGreaterThan(3);
    expect(reviews[0]!.summary).toBe(`${graded} reviews due`);
  });

  it('answers the old address 404 once rotated, and the new one with the same events', async () => {
    const before = await eventsOf(await feed(anaUrl));
    const next = await rotate(ana.client);
    expect(next).not.toBe(anaUrl);
    expect(await messageOf(await feed(anaUrl), 404)).toBe('Not found');
    expect(await eventsOf(await feed(next))).toEqual(before);
    anaUrl = next;
  });

  it('answers an unknown, malformed or borrowed address with the same JSON 404', async () => {
    const secret = anaUrl.split('_').at(-1)!.replace('.ics', '');
    const ben = await signUp(context.app, 'Other Reader');
    const paths = [
      `/api/calendar/${ana.user.id}_${'A'.repeat(43)}.ics`,
      `/api/calendar/${ana.user.id}_${secret.slice(0, 20)}.ics`,
      `/api/calendar/${ana.user.id}.ics`,
      '/api/calendar/nothing.ics',
      `/api/calendar/${ana.user.id.toUpperCase()}_${secret}.ics`,
      // Ana's secret with another person's id: the secret belongs to Ana's record only.
      `/api/calendar/${ben.user.id}_${secret}.ics`,
    ];
    for (const path of paths) expect(await messageOf(await context.app.request('GET', path), 404), path).toBe('Not found');
    // Only the feed's own paths are open without a session.
    for (const path of ['/api/calendar/nothing', '/api/calendar/a/b.ics', '/api/calendar-feed/rotate'])
      expect(await messageOf(await context.app.request('GET', path), 401), path).toBe('Not signed in');
  });

  it('never shows one person’s data in another’s feed', async () => {
    const ben = await signUp(context.app, 'Second Reader');
    const benEvents = await eventsOf(await feed(await rotate(ben.client)));
    // Ben has no program, no answers and no practice.
    expect(benEvents).toEqual([]);
    const anaEvents = await eventsOf(await feed(anaUrl));
    const anaUids = new Set(anaEvents.map((event) => event.uid));
    await missQuiz(ben.client);
    const benReviews = await eventsOf(await feed(await rotate(ben.client)));
    expect(benReviews.length).toBeGreaterThan(0);
    for (const event of benReviews) expect(anaUids.has(event.uid)).toBe(false);
  });

  it.skipIf(!IN_PROCESS)(
    'stores one record a person, holding a digest and a sealed copy of the secret, never the secret itself',
    async () => {
      const secret = anaUrl.split('_').at(-1)!.replace('.ics', '');
      expect(await storedKeys(context.app, `calendar-feeds/${ana.user.id}`)).toEqual([`calendar-feeds/${ana.user.id}`]);
      const stored = readFileSync(
        path.join(context.app.blobsDirectory!, 'entries', 'api-tests', 'site:learning-hub', 'calendar-feeds', ana.user.id),
        'utf8',
      );
      expect(stored).toContain('secretHash');
      expect(stored).not.toContain(secret);
    },
  );

  it.skipIf(!IN_PROCESS)('answers 404 for a disabled account, and again once it is enabled', async () => {
    const cara = await signUp(context.app, 'Disabled Reader');
    const url = await rotate(cara.client);
    await setDisabled(cara.user.username, true);
    expect(await messageOf(await feed(url), 404)).toBe('Not found');
    await setDisabled(cara.user.username, false);
    expect((await feed(url)).status).toBe(200);
  });

  it('is rotated by a signed-in person only, from this site', async () => {
    expect(await messageOf(await context.app.client().post('/api/calendar-feed/rotate'), 401)).toBe('Not signed in');
    const crossSite = await ana.client.request('POST', '/api/calendar-feed/rotate', { headers: { Origin: 'https://elsewhere.example' } });
    expect(await messageOf(crossSite, 403)).toBe('Cross-site requests are not allowed');
    expect((await feed(anaUrl)).status).toBe(200);
  });
});

describe('the /settings section', () => {
  const page = async (client: ApiClient) => (await client.request('GET', '/settings', { headers: { Accept: 'text/html' } })).text();
  const press = (client: ApiClient) =>
    client.request('POST', '/settings', {
      rawBody: new URLSearchParams({ action: 'calendar-feed-rotate' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
    });
  const fieldOf = (html: string) =>
    /id="calendar-feed-url"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? /value="([^"]+)"[^>]*id="calendar-feed-url"/.exec(html)?.[1];

  it('offers Create address first, then shows the address with Rotate address; each press is a plain form that redirects', async () => {
    const { client } = await signUp(context.app, 'Settings Reader');
    const before = await page(client);
    expect(before).toContain('Your calendar feed');
    expect(before).toContain('Create address');
    expect(fieldOf(before)).toBeUndefined();

    const created = await press(client);
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/settings?done=calendar-feed-rotated');
    const shown = await client.request('GET', '/settings?done=calendar-feed-rotated', { headers: { Accept: 'text/html' } });
    const html = await shown.text();
    expect(html).toContain('Your calendar feed has a new address. The previous one no longer works.');
    expect(html).toContain('Rotate address');
    const first = fieldOf(html)!;
    expect(first).toMatch(/\/api\/calendar\/[0-9a-f-]{36}_[A-Za-z0-9_-]{43}\.ics$/);
    expect((await feed(first)).status).toBe(200);
    expect(fieldOf(await page(client))).toBe(first);

    expect((await press(client)).status).toBe(303);
    const second = fieldOf(await page(client))!;
    expect(second).not.toBe(first);
    expect((await feed(first)).status).toBe(404);
    expect((await feed(second)).status).toBe(200);
  });
});

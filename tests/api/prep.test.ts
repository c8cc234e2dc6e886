// A meeting's prep page over HTTP (docs/product.md "Your calendar"): who is coming, the guess and its
// reason, the material, the plain form that corrects the guess for the company, the three questions that
// count as review and mark the meeting prepared; another person's or an unknown meeting is the 404 page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarSourceSchema, meetingsSchema } from '~/shared/api/calendar';
import { DEMO_USER } from '~/server/demo-accounts';
import { startCalendarServer, type CalendarServer } from '~tests/support/calendar-server';
import { expectJson, signIn, signUp, useTestApp, type ApiClient } from './harness';

const context = useTestApp();
let server: CalendarServer;
let alex: ApiClient;
const NOW = '2027-01-12T20:00:00.000Z';
const at = { 'x-parcelwise-now': NOW };
const savedHosts = process.env['PARCELWISE_CALENDAR_TEST_HOSTS'];

beforeAll(async () => {
  server = await startCalendarServer();
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
  process.env['PARCELWISE_CALENDAR_TEST_HOSTS'] = server.host;
  alex = await signIn(context.app, DEMO_USER);
  const connected = await alex.request('PUT', '/api/calendar-source', {
    body: { url: `${server.origin}/calendars/prep.ics` },
    headers: at,
  });
  await expectJson(connected, 200, calendarSourceSchema);
});
afterAll(async () => {
  if (savedHosts === undefined) delete process.env['PARCELWISE_CALENDAR_TEST_HOSTS'];
  else process.env['PARCELWISE_CALENDAR_TEST_HOSTS'] = savedHosts;
  await server.stop();
});

const meetings = async () => expectJson(await alex.request('GET', '/api/meetings', { headers: at }), 200, meetingsSchema);
const page = (client: ApiClient, id: string) => client.request('GET', `/prep/${id}`, { headers: { Accept: 'text/html', ...at } });
const post = (client: ApiClient, id: string, fields: Record<string, string>) =>
  client.request('POST', `/prep/${id}`, {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', ...at },
  });
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('/prep/{meetingId}', () => {
  it('shows who is coming, the guess with its reason, the persona’s card, plays, ICP questions, a case study and three questions', async () => {
    const [pricing] = await meetings();
    const response = await page(alex, pricing!.id);
    expect(response.status).toBe(200);
    const body = text(await response.text());
    expect(body).toContain('Prepare for Umbrella pricing review');
    expect(body).toContain('Umbrella Freight');
    expect(body).toContain('Dana Ruiz (VP Marketing) (umbrella-freight.eu)');
    expect(body).toContain('Dana Whitfield, Vice President of Marketing · Leasing Brokers');
    expect(body).toContain('From Dana Ruiz’s title: “VP Marketing” matches Vice President of Marketing.');
    for (const heading of [
      'Pains',
      'What they measure',
      'How to open',
      'Pricing: questions and plays',
      'Plays: Early Pricing Conversation',
      'Qualify the account (ICP)',
      'Case study:',
      'Three questions before the call',
    ])
      expect(body).toContain(heading);
    expect((await page(alex, pricing!.id).then((r) => r.text())).match(/data-testid="prep-question"/g)).toHaveLength(3);
  });

  it('corrects the persona and segment with the plain form, for every meeting with the company', async () => {
    const [pricing, followUp] = await meetings();
    const response = await post(alex, pricing!.id, { intent: 'correct', persona: '7', segment: '11' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/prep/${pricing!.id}?done=corrected`);
    const body = text(await page(alex, followUp!.id).then((r) => r.text()));
    expect(body).toContain('You chose this for umbrella-freight.eu.');
    expect(body).toContain('Robert Haines, Director of Property Management · Property Managers');
    const refused = await post(alex, pricing!.id, { intent: 'correct', persona: '999', segment: '11' });
    expect(refused.status).toBe(400);
    expect(text(await refused.text())).toContain('persona: no such persona');
  });

  it('the three answers count as review and mark the meeting prepared; fewer are refused', async () => {
    const [, , renewal] = await meetings();
    const html = await page(alex, renewal!.id).then((r) => r.text());
    const choices = [...html.matchAll(/name="(\d+:[^"]+)" value="([^"]+)"/g)].map((match) => [match[1]!, match[2]!] as const);
    const firstOfEach = Object.fromEntries(
      [...new Map(choices.map(([name, value]) => [name, value] as const)).keys()].map((name) => [
        name,
        choices.find(([n]) => n === name)![1],
      ]),
    );
    expect(Object.keys(firstOfEach)).toHaveLength(3);
    const [one] = Object.entries(firstOfEach);
    const partial = await post(alex, renewal!.id, { intent: 'answer', [one![0]]: one![1] });
    expect(partial.status).toBe(400);
    expect(text(await partial.text())).toContain('Answer all three questions.');
    expect((await meetings())[2]!.prepared).toBe(false);
    const answered = await post(alex, renewal!.id, { intent: 'answer', ...firstOfEach });
    expect(answered.status).toBe(200);
    expect((await answered.text()).match(/data-testid="prep-verdict"/g)).toHaveLength(3);
    expect((await meetings())[2]!.prepared).toBe(true);
    // Stored as review answers, like answers on /review (the app runs in this process: same store).
    const { reviewAnswers } = await import('~/server/review/storage/review-answers');
    const { id: userId } = await expectJson<{ id: string }>(await alex.request('GET', '/api/user'), 200);
    const stored = await reviewAnswers.since(userId, null, new Date('2027-01-13T00:00:00Z'));
    const keys = Object.keys(firstOfEach);
    const answers = stored.filter((answer) => keys.includes(`${answer.quizId}:${answer.questionId}`));
    expect(answers.map((answer) => answer.source)).toEqual(['review', 'review', 'review']);
  });

  it('is the 404 page for an unknown meeting or another person’s, and sends a signed-out visitor to sign in', async () => {
    const [pricing] = await meetings();
    expect((await page(alex, '0123456789abcdef0123')).status).toBe(404);
    const { client: other } = await signUp(context.app);
    expect((await page(other, pricing!.id)).status).toBe(404);
    const signedOut = await page(context.app.client(), pricing!.id);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toMatch(/\/auth/);
  });
});

describe('the home page’s next call', () => {
  const home = async (time: string) =>
    (await alex.request('GET', '/', { headers: { Accept: 'text/html', 'x-parcelwise-now': time } })).text();
  const card = (html: string) => /<section[^>]*data-testid="next-call"[\s\S]*?<\/section>/.exec(html)?.[0] ?? null;

  it('shows the next meeting from 24 hours before it starts, with the link to its prep page and no script', async () => {
    const [pricing] = await meetings();
    // 15:00 the next day: 19 hours ahead.
    const shown = card(await home(NOW));
    expect(shown).not.toBeNull();
    expect(text(shown!)).toContain(
      'Your next call Umbrella pricing review Wed 13 Jan, 15:00 UTC · Dana Ruiz (VP Marketing) Prepare for this call',
    );
    expect(shown).toContain(`href="/prep/${pricing!.id}"`);
    expect(shown).not.toMatch(/<script|astro-island/);
    // 25 hours ahead: not yet.
    expect(card(await home('2027-01-12T14:00:00.000Z'))).toBeNull();
  });
});

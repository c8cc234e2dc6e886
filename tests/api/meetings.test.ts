// The meetings with their guessed persona and segment, and the rep's correction over HTTP (docs/product.md
// "Your calendar"): PATCH /api/meetings/{id} remembers it for the company, so every meeting with it uses it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarSourceSchema, correctMeetingResponseSchema, meetingsSchema } from '~/shared/api/calendar';
import { startCalendarServer, type CalendarServer } from '~tests/support/calendar-server';
import { DEMO_USER } from '~/server/demo-accounts';
import { expectJson, messageOf, signIn, useTestApp, type ApiClient } from './harness';

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
const correct = (client: ApiClient, id: string, body: unknown) => client.request('PATCH', `/api/meetings/${id}`, { body, headers: at });
const guesses = async () => (await meetings()).map(({ title, persona, segment, reason }) => ({ title, persona, segment, reason }));

describe('GET /api/meetings: the guess', () => {
  it('guesses from an attendee’s title in the calendar, else from the meeting’s title, and says why', async () => {
    const [pricing, followUp, renewal] = await guesses();
    expect(pricing).toEqual({
      title: 'Umbrella pricing review',
      persona: '1',
      segment: '9',
      reason: 'From Dana Ruiz’s title: “VP Marketing” matches Vice President of Marketing.',
    });
    // "Umbrella" and "follow-up" find no persona: no guess.
    expect(followUp).toEqual({ title: 'Umbrella follow-up', persona: null, segment: null, reason: null });
    // Dana Whitfield's page speaks of renewal season.
    expect(renewal).toEqual({
      title: 'Globex renewal',
      persona: '1',
      segment: '9',
      reason: 'From the title: “Globex renewal” matches Vice President of Marketing.',
    });
  });
});

describe('PATCH /api/meetings/{id}', () => {
  it('remembers the correction for the company: every meeting with it uses it, others keep their guess', async () => {
    const before = await meetings();
    const pricing = before[0]!;
    const corrected = await expectJson(await correct(alex, pricing.id, { persona: '7', segment: '8' }), 200, correctMeetingResponseSchema);
    expect(corrected).toEqual({ ...pricing, persona: '7', segment: '8', reason: 'You chose this for umbrella-freight.eu.' });
    const after = await meetings();
    expect(after.map(({ persona, segment, reason }) => ({ persona, segment, reason }))).toEqual([
      { persona: '7', segment: '8', reason: 'You chose this for umbrella-freight.eu.' },
      { persona: '7', segment: '8', reason: 'You chose this for umbrella-freight.eu.' },
      { persona: before[2]!.persona, segment: before[2]!.segment, reason: before[2]!.reason },
    ]);
    // A second correction replaces the first.
    await expectJson(await correct(alex, after[1]!.id, { persona: '2', segment: '9' }), 200, correctMeetingResponseSchema);
    expect((await meetings())[0]).toMatchObject({ persona: '2', segment: '9' });
  });

  it('answers 404 for a meeting that is not in the calendar', async () => {
    expect(await messageOf(await correct(alex, '0123456789abcdef0123', { persona: '1', segment: '9' }), 404)).toBe(
      'No such meeting in your calendar.',
    );
  });

  it('answers 400 for an unknown persona or segment, and for bad input, changing nothing', async () => {
    const [pricing] = await meetings();
    expect(await messageOf(await correct(alex, pricing!.id, { persona: '999', segment: '9' }), 400)).toBe('persona: no such persona');
    expect(await messageOf(await correct(alex, pricing!.id, { persona: '1', segment: '3' }), 400)).toBe('segment: no such buyer segment');
    expect(await messageOf(await correct(alex, pricing!.id, { persona: 'Dana', segment: '9' }), 400)).toMatch(
      /^persona: must be a persona id/,
    );
    expect(await messageOf(await correct(alex, pricing!.id, { persona: '1' }), 400)).toMatch(/^segment: /);
    expect((await meetings())[0]).toMatchObject({ persona: pricing!.persona, segment: pricing!.segment });
  });

  it('answers 401 signed out', async () => {
    const [pricing] = await meetings();
    expect(await messageOf(await correct(context.app.client(), pricing!.id, { persona: '1', segment: '9' }), 401)).toBe('Not signed in');
  });
});

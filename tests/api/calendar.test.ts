// A person's calendar over HTTP (docs/product.md "Your calendar"): connecting a private address served by a
// local https server (Google, Outlook and Apple exports), the meetings of the next 14 days, refresh,
// disconnect, the /settings section and its plain forms, and the refusals (http://, private addresses, a
// page that is not a calendar, 50 MB, endless redirects, bad dates), which store nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarSourceSchema, meetingsSchema } from '~/shared/api/calendar';
import { offlinePagesSchema } from '~/shared/api/offline';
import { DEMO_USER } from '~/server/demo-accounts';
import { startCalendarServer, type CalendarServer } from '~tests/support/calendar-server';
import { expectJson, messageOf, signIn, signUp, useTestApp, type ApiClient } from './harness';

const context = useTestApp();
let server: CalendarServer;
let plain: CalendarServer;
let alex: ApiClient;
const NOW = '2027-01-12T20:00:00.000Z';
const at = (time = NOW) => ({ 'x-parcelwise-now': time });
const savedHosts = process.env['PARCELWISE_CALENDAR_TEST_HOSTS'];

beforeAll(async () => {
  [server, plain] = await Promise.all([startCalendarServer(), startCalendarServer({ https: false })]);
  process.env['PARCELWISE_TEST_CLOCK'] = 'true';
  process.env['PARCELWISE_CALENDAR_TEST_HOSTS'] = `${server.host},${plain.host}`;
  alex = await signIn(context.app, DEMO_USER);
});
afterAll(async () => {
  if (savedHosts === undefined) delete process.env['PARCELWISE_CALENDAR_TEST_HOSTS'];
  else process.env['PARCELWISE_CALENDAR_TEST_HOSTS'] = savedHosts;
  await Promise.all([server.stop(), plain.stop()]);
});

const connect = (client: ApiClient, url: string, time = NOW) =>
  client.request('PUT', '/api/calendar-source', { body: { url }, headers: at(time) });
const meetings = async (client: ApiClient, time = NOW) =>
  expectJson(await client.request('GET', '/api/meetings', { headers: at(time) }), 200, meetingsSchema);
const form = (client: ApiClient, fields: Record<string, string>) =>
  client.request('POST', '/settings', {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', ...at() },
  });
const settingsPage = async (client: ApiClient) =>
  (await client.request('GET', '/settings', { headers: { Accept: 'text/html', ...at() } })).text();

describe('connecting a calendar', () => {
  it.each([
    ['google.ics', ['Globex discovery call', 'Acme weekly sync (moved)', 'Acme weekly sync', 'Hooli renewal']],
    ['outlook.ics', ['Contoso rollout check-in', 'Fabrikam pricing discussion', 'Northwind first call', 'Contoso rollout check-in']],
    ['apple.ics', ['Wayfarer Freight weekly', 'Merlion Logistics intro', 'Wayfarer Freight weekly', 'Quayside onboarding']],
  ])('reads %s over https at once and lists its external meetings of the next 14 days', async (file, titles) => {
    const source = await expectJson(await connect(alex, `${server.origin}/calendars/${file}`), 200, calendarSourceSchema);
    expect(source).toMatchObject({ status: 'ok', lastReadAt: NOW, meetingsFound: 4, error: null, next: { title: titles[0] } });
    expect(source.address).toBe(`${server.host} …${file.slice(-4)}`);
    const listed = await meetings(alex);
    expect(listed.map((meeting) => meeting.title)).toEqual(titles);
    // The guesses are tested in meetings.test.ts.
    for (const meeting of listed) expect(meeting.prepared).toBe(false);
  });

  it('answers the meetings with their attendees and location, and GET /api/calendar-source the status, never the address', async () => {
    await expectJson(await connect(alex, `${server.origin}/calendars/google.ics?key=private-a1b2c3`), 200, calendarSourceSchema);
    const [globex] = await meetings(alex);
    expect(globex).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{20}$/),
      title: 'Globex discovery call',
      start: '2027-01-14T08:00:00.000Z',
      end: '2027-01-14T09:00:00.000Z',
      attendees: [
        { name: 'Jonas Weber', domain: 'globex.de' },
        { name: 'procurement', domain: 'globex.de' },
      ],
      location: 'Globex HQ, Friedrichstraße 12, Berlin',
      persona: null,
      segment: null,
      reason: null,
      prepared: false,
    });
    const response = await alex.request('GET', '/api/calendar-source', { headers: at() });
    const text = await response.text();
    expect(text).not.toContain('private-a1b2c3');
    expect(JSON.parse(text)).toMatchObject({ address: `${server.host} …b2c3`, meetingsFound: 4 });
    // Two days later the meetings that ended are gone.
    expect((await meetings(alex, '2027-01-15T00:00:00.000Z')).map((meeting) => meeting.title)).toEqual([
      'Acme weekly sync',
      'Hooli renewal',
    ]);
  });

  it('refuses, with the reason, and stores nothing: http://, private addresses, a page, 50 MB, endless redirects, bad dates', async () => {
    const { client } = await signUp(context.app);
    const refusals: Array<[string, string]> = [
      ['http://calendar.example.com/basic.ics', 'The calendar address must start with https://.'],
      ['https://127.0.0.1:9/calendar.ics', 'That address leads to a private network, which the hub does not read.'],
      ['https://10.1.2.3/calendar.ics', 'That address leads to a private network, which the hub does not read.'],
      ['https://169.254.169.254/latest/meta-data/', 'That address leads to a private network, which the hub does not read.'],
      ['https://[::1]/calendar.ics', 'That address leads to a private network, which the hub does not read.'],
      [`${server.origin}/page.html`, 'That address did not answer with a calendar in iCalendar format.'],
      [`${server.origin}/huge.ics`, 'The calendar is larger than 2 MB, which the hub does not read.'],
      [`${server.origin}/endless`, 'The calendar address redirected more than 5 times.'],
      [`${server.origin}/bad-date.ics`, 'The calendar has an event with a date that cannot be read (“Broken call”). Nothing was saved.'],
      [
        'webcal://calendar.example.com/basic.ics',
        'That is not a web address. Paste the private address of your calendar in iCalendar format.',
      ],
    ];
    server.redirectTo = 'https://127.0.0.1:9/calendar.ics';
    refusals.push([`${server.origin}/redirect`, 'That address leads to a private network, which the hub does not read.']);
    try {
      for (const [url, message] of refusals) expect(await messageOf(await connect(client, url), 400), url).toBe(message);
    } finally {
      server.redirectTo = '/calendars/google.ics';
    }
    expect(await messageOf(await client.request('PUT', '/api/calendar-source', { body: {} }), 400)).toBe(
      'url: must be the private address of your calendar in iCalendar format (https://…)',
    );
    expect(await messageOf(await client.get('/api/calendar-source'), 404)).toBe('No calendar is connected.');
    expect(await meetings(client)).toEqual([]);
  });

  it('a plain http test server may be read in a local run', async () => {
    const { client } = await signUp(context.app);
    await expectJson(await connect(client, `${plain.origin}/calendars/apple.ics`), 200, calendarSourceSchema);
  });
});

describe('refresh and disconnect', () => {
  it('a failed refresh keeps the last good meetings and says why; disconnect deletes everything', async () => {
    const { client } = await signUp(context.app);
    await expectJson(await connect(client, `${server.origin}/redirect`), 200, calendarSourceSchema);
    server.redirectTo = '/page.html';
    try {
      const failed = await expectJson(
        await client.request('POST', '/api/calendar-source/refresh', { headers: at('2027-01-12T21:00:00.000Z') }),
        200,
        calendarSourceSchema,
      );
      expect(failed).toMatchObject({
        status: 'failed',
        error: 'That address did not answer with a calendar in iCalendar format.',
        lastReadAt: NOW,
        meetingsFound: 5,
      });
      // Alex declined the Initech demo; this person did not, so it is theirs.
      expect((await meetings(client)).map((meeting) => meeting.title)).toContain('Initech demo');
    } finally {
      server.redirectTo = '/calendars/google.ics';
    }
    expect(await client.request('DELETE', '/api/calendar-source')).toHaveProperty('status', 204);
    expect(await meetings(client)).toEqual([]);
    expect(await messageOf(await client.request('POST', '/api/calendar-source/refresh'), 404)).toBe('No calendar is connected.');
    expect(await client.request('DELETE', '/api/calendar-source')).toHaveProperty('status', 204);
  });

  it('answers 401 signed out', async () => {
    const anonymous = context.app.client();
    expect(await messageOf(await anonymous.get('/api/meetings'), 401)).toBe('Not signed in');
    expect(
      await messageOf(
        await anonymous.request('PUT', '/api/calendar-source', { body: { url: `${server.origin}/calendars/google.ics` } }),
        401,
      ),
    ).toBe('Not signed in');
  });
});

describe('/settings: Your calendar', () => {
  it('connects, shows what was read, refreshes and disconnects with plain forms', async () => {
    const { client } = await signUp(context.app);
    expect(await settingsPage(client)).toContain('Private address in iCalendar format');

    const connected = await form(client, { action: 'calendar-connect', url: `${server.origin}/calendars/google.ics?k=secret-9z8y` });
    expect(connected.status).toBe(303);
    expect(connected.headers.get('location')).toBe('/settings?done=calendar-connected');
    const page = await settingsPage(client);
    expect(page).toContain('Your calendar');
    expect(page).toContain(`${server.host} …9z8y`);
    expect(page).not.toContain('secret-9z8y');
    expect(page).toContain('5 in the next 14 days');
    expect(page).toContain('Globex discovery call, Jan 14, 2027, 8:00 AM (UTC)');
    expect(page).toContain('Refresh now');

    const refreshed = await form(client, { action: 'calendar-refresh' });
    expect(refreshed.headers.get('location')).toBe('/settings?done=calendar-refreshed');

    const refused = await form(client, { action: 'calendar-connect', url: 'http://calendar.example.com/basic.ics' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('The calendar address must start with https://.');

    const disconnected = await form(client, { action: 'calendar-disconnect' });
    expect(disconnected.headers.get('location')).toBe('/settings?done=calendar-disconnected');
    const after = await client.request('GET', '/settings?done=calendar-disconnected', { headers: { Accept: 'text/html' } });
    const text = await after.text();
    expect(text).toContain('Your calendar is disconnected, and everything read from it is deleted.');
    expect(text).not.toContain('Refresh now');
  });

  it('shows why the last read failed', async () => {
    const { client } = await signUp(context.app);
    await form(client, { action: 'calendar-connect', url: `${server.origin}/redirect` });
    server.redirectTo = '/endless';
    try {
      const refreshed = await form(client, { action: 'calendar-refresh' });
      expect(refreshed.status).toBe(400);
    } finally {
      server.redirectTo = '/calendars/google.ics';
    }
    expect(await settingsPage(client)).toContain(
      'The last read failed: The calendar address redirected more than 5 times. The meetings of the last good read are kept.',
    );
  });
});

describe('offline copies (GET /api/offline-pages)', () => {
  it('list the prep pages of the meetings of the next 48 hours first', async () => {
    const { client } = await signUp(context.app);
    await expectJson(await connect(client, `${server.origin}/calendars/google.ics`), 200, calendarSourceSchema);
    const listed = await meetings(client);
    const soon = listed.filter((meeting) => Date.parse(meeting.start) <= Date.parse(NOW) + 48 * 3_600_000);
    expect(soon.length).toBeGreaterThan(0);
    expect(soon.length).toBeLessThan(listed.length);
    const offline = await expectJson(await client.request('GET', '/api/offline-pages', { headers: at() }), 200, offlinePagesSchema);
    expect(offline.pages.slice(0, soon.length + 1)).toEqual([...soon.map((meeting) => `/prep/${meeting.id}`), '/personas']);
  });
});

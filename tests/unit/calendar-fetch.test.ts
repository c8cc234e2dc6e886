// Reading a pasted calendar address without reaching our own network: real local servers, real local
// addresses. Only the servers PARCELWISE_CALENDAR_TEST_HOSTS names may be read, and only in a local run.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FETCH_MESSAGES, fetchCalendar, MAX_REDIRECTS } from '~/server/calendar/fetch-calendar';
import { startCalendarServer, type CalendarServer } from '~tests/support/calendar-server';

let allowed: CalendarServer;
let plain: CalendarServer;
/** A loopback server not named as a test host: it must never get a request. */
let other: CalendarServer;
let otherV6: CalendarServer | null = null;
const saved = { ...process.env };

beforeAll(async () => {
  [allowed, plain, other] = await Promise.all([startCalendarServer(), startCalendarServer({ https: false }), startCalendarServer()]);
  try {
    otherV6 = await startCalendarServer({ host: '::1' });
  } catch {
    otherV6 = null; // a machine without IPv6 loopback: the literal is still refused below
  }
  process.env['PARCELWISE_LOCAL'] = 'true';
  delete process.env['CONTEXT'];
  process.env['PARCELWISE_CALENDAR_TEST_HOSTS'] = `${allowed.host}, ${plain.host}`;
});
afterEach(() => {
  allowed.redirectTo = '/calendars/google.ics';
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([allowed.stop(), plain.stop(), other.stop(), otherV6?.stop()]);
});

const refusal = async (address: string) => {
  try {
    await fetchCalendar(address);
  } catch (error) {
    return (error as Error).message;
  }
  return 'read';
};
const hitsOf = (server: CalendarServer) => [...server.hits.values()].reduce((sum, count) => sum + count, 0);

describe('what may be read', () => {
  it('a test host over https, its self-signed certificate accepted', async () => {
    expect(await fetchCalendar(`${allowed.origin}/calendars/google.ics`)).toMatch(/^BEGIN:VCALENDAR/);
  });

  it('a test host over plain http', async () => {
    expect(await fetchCalendar(`${plain.origin}/calendars/apple.ics`)).toMatch(/^BEGIN:VCALENDAR/);
  });

  it(`${MAX_REDIRECTS} redirects, each checked`, async () => {
    expect(await fetchCalendar(`${allowed.origin}/hops?left=${MAX_REDIRECTS - 1}`)).toMatch(/^BEGIN:VCALENDAR/);
  });
});

describe('refused before any request to our network', () => {
  it.each([
    ['loopback, not a test host', () => `${other.origin}/calendars/google.ics`],
    ['a private address (10.x)', () => 'https://10.20.30.40/calendar.ics'],
    ['a private address (192.168.x)', () => 'https://192.168.1.1/calendar.ics'],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `https://[::1]:${otherV6?.host.split(':').at(-1) ?? 443}/calendars/google.ics`],
    ['IPv6 unique local (fd00:ec2::254)', () => 'https://[fd00:ec2::254]/'],
    ['loopback mapped into IPv6', () => 'https://[::ffff:127.0.0.1]/'],
    ['the unspecified address', () => 'https://0.0.0.0/'],
    ['loopback written as a number', () => 'https://2130706433/'],
    ['a name that resolves to loopback', () => `https://localhost:${other.host.split(':')[1]}/calendars/google.ics`],
    ['a carrier-grade NAT address', () => 'https://100.64.0.1/'],
  ])('%s', async (_label, address) => {
    expect(await refusal(address())).toBe(CALENDAR_FETCH_MESSAGES.privateAddress);
    expect(hitsOf(other)).toBe(0);
    if (otherV6) expect(hitsOf(otherV6)).toBe(0);
  });

  it('a redirect from an allowed server to loopback, to a private address and to http', async () => {
    allowed.redirectTo = `${other.origin}/calendars/google.ics`;
    expect(await refusal(`${allowed.origin}/redirect`)).toBe(CALENDAR_FETCH_MESSAGES.privateAddress);
    allowed.redirectTo = 'https://169.254.169.254/latest/meta-data/';
    expect(await refusal(`${allowed.origin}/redirect`)).toBe(CALENDAR_FETCH_MESSAGES.privateAddress);
    allowed.redirectTo = 'http://calendar.example.com/basic.ics';
    expect(await refusal(`${allowed.origin}/redirect`)).toBe(CALENDAR_FETCH_MESSAGES.notHttps);
    expect(hitsOf(other)).toBe(0);
  });

  it('http:// anywhere else, and what is not a web address', async () => {
    expect(await refusal('http://calendar.example.com/basic.ics')).toBe(CALENDAR_FETCH_MESSAGES.notHttps);
    expect(await refusal(`http://${other.host}/calendars/google.ics`)).toBe(CALENDAR_FETCH_MESSAGES.notHttps);
    expect(await refusal('webcal://calendar.example.com/basic.ics')).toBe(CALENDAR_FETCH_MESSAGES.notAddress);
    expect(await refusal('file:///etc/passwd')).toBe(CALENDAR_FETCH_MESSAGES.notAddress);
    expect(await refusal('not an address')).toBe(CALENDAR_FETCH_MESSAGES.notAddress);
    expect(await refusal(`https://user:secret@${allowed.host}/calendars/google.ics`)).toBe(CALENDAR_FETCH_MESSAGES.credentials);
  });

  it('a deployed site ignores the test hosts', async () => {
    process.env['CONTEXT'] = 'production';
    try {
      expect(await refusal(`${allowed.origin}/calendars/google.ics`)).toBe(CALENDAR_FETCH_MESSAGES.privateAddress);
      expect(await refusal(`${plain.origin}/calendars/google.ics`)).toBe(CALENDAR_FETCH_MESSAGES.notHttps);
    } finally {
      delete process.env['CONTEXT'];
    }
  });
});

describe('answers that are refused', () => {
  it('an endless redirect stops after 5', async () => {
    allowed.hits.clear();
    expect(await refusal(`${allowed.origin}/endless`)).toBe(CALENDAR_FETCH_MESSAGES.tooManyRedirects);
    expect(allowed.hits.get('/endless')).toBe(MAX_REDIRECTS + 1);
  });

  it('a 50 MB answer, announced or not, is cut at 2 MB', async () => {
    expect(await refusal(`${allowed.origin}/huge-announced.ics`)).toBe(CALENDAR_FETCH_MESSAGES.tooLarge);
    expect(await refusal(`${allowed.origin}/huge.ics`)).toBe(CALENDAR_FETCH_MESSAGES.tooLarge);
  });

  it('a server that never answers, after 5 seconds', async () => {
    const started = Date.now();
    expect(await refusal(`${allowed.origin}/silent`)).toBe(CALENDAR_FETCH_MESSAGES.timeout);
    // It gives up at the time limit, not before (a read that never ends would fail on the test's own timeout).
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
  });

  it('an error status', async () => {
    expect(await refusal(`${allowed.origin}/gone.ics`)).toBe(CALENDAR_FETCH_MESSAGES.status(404));
  });

  it('never repeats the address in a message', async () => {
    const messages = await Promise.all([refusal('https://10.0.0.1/private-s3cr3t/basic.ics'), refusal(`${allowed.origin}/private-s3cr3t`)]);
    for (const message of messages) expect(message).not.toContain('s3cr3t');
  });
});

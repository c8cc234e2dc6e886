// The calendar service over a local Blobs server and a local https calendar server: connecting stores the
// sealed address and the meetings only when the read works; a failed read keeps the last good meetings and
// says why; disconnecting deletes everything; the hourly function reads every connected calendar again,
// then sends the call reminders due through a real SMTP server in this process: one, however often it runs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBlobs, type LocalBlobs } from '~tools/local-blobs/server';
import { calendarSource, connectCalendar, disconnectCalendar, refreshCalendar, upcomingMeetings } from '~/server/calendar/calendar';
import { calendarSources } from '~/server/calendar/storage/calendar-sources';
import { CALENDAR_FETCH_MESSAGES } from '~/server/calendar/fetch-calendar';
import { CALENDAR_PARSE_MESSAGES } from '~/server/calendar/parse-calendar';
import { simpleParser } from 'mailparser';
import { startMailCapture } from '~tools/local-mail/server';
import { createUser } from '~/server/accounts/accounts';
import { updatePreferences } from '~/server/preferences/preferences';
import { startCalendarServer, type CalendarServer } from '~tests/support/calendar-server';
import refreshCalendarsNow, { config } from '../../netlify/functions/refresh-calendars.mts';

let blobs: LocalBlobs;
let server: CalendarServer;
const saved = { ...process.env };
const now = new Date('2027-01-12T20:00:00Z');
const person = () => ({ id: randomUUID(), username: 'alex@parcelwise.example' });

beforeAll(async () => {
  [blobs, server] = await Promise.all([startLocalBlobs(), startCalendarServer()]);
  process.env['PARCELWISE_LOCAL'] = 'true';
  process.env['PARCELWISE_CALENDAR_TEST_HOSTS'] = server.host;
  delete process.env['COMPANY_DOMAINS'];
  delete process.env['ADMIN_USERNAME'];
});
afterAll(async () => {
  process.env = saved;
  await Promise.all([blobs.stop(), server.stop()]);
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'stored',
    (error: Error) => error.message,
  );

describe('connect, refresh, disconnect', () => {
  it('connects: the external meetings, the sealed address, the company taken from the administrator’s address', async () => {
    const user = person();
    const address = `${server.origin}/calendars/google.ics?token=private-s3cr3t`;
    const source = await connectCalendar(user, address, now);
    expect(source).toEqual({
      status: 'ok',
      address: `${server.host} …cr3t`,
      lastReadAt: now.toISOString(),
      meetingsFound: 4,
      next: { id: expect.any(String), title: 'Globex discovery call', start: '2027-01-14T08:00:00.000Z' },
      error: null,
    });
    const stored = await calendarSources.of(user.id);
    expect(JSON.stringify(stored)).not.toContain('s3cr3t');
    expect(JSON.stringify(stored)).not.toContain('/calendars/google.ics');
    const meetings = await upcomingMeetings(user.id, now);
    expect(meetings[0]).toEqual({
      id: source.next!.id,
      title: 'Globex discovery call',
      start: '2027-01-14T08:00:00.000Z',
      end: '2027-01-14T09:00:00.000Z',
      attendees: [
        { name: 'Jonas Weber', domain: 'globex.de' },
        { name: 'procurement', domain: 'globex.de' },
      ],
      location: 'Globex HQ, Friedrichstraße 12, Berlin',
    });
    // Later, the meetings that ended are no longer counted.
    expect((await calendarSource(user.id, new Date('2027-01-14T12:00:00Z')))?.meetingsFound).toBe(3);
  });

  it('stores nothing when the first read fails, and keeps a connected calendar as it was when a new address fails', async () => {
    const user = person();
    expect(await failure(connectCalendar(user, `${server.origin}/page.html`, now))).toBe(CALENDAR_PARSE_MESSAGES.notCalendar);
    expect(await calendarSources.of(user.id)).toBeNull();
    await connectCalendar(user, `${server.origin}/calendars/apple.ics`, now);
    const before = await calendarSources.of(user.id);
    expect(await failure(connectCalendar(user, 'https://10.0.0.8/calendar.ics', now))).toBe(CALENDAR_FETCH_MESSAGES.privateAddress);
    expect(await calendarSources.of(user.id)).toEqual(before);
  });

  it('a failed refresh keeps the last good meetings and says why; the next good one clears it', async () => {
    const user = person();
    await connectCalendar(user, `${server.origin}/redirect`, now);
    server.redirectTo = '/huge.ics';
    try {
      const failed = await refreshCalendar(user.id, new Date('2027-01-13T08:00:00Z'));
      expect(failed).toMatchObject({
        status: 'failed',
        error: CALENDAR_FETCH_MESSAGES.tooLarge,
        lastReadAt: now.toISOString(),
        meetingsFound: 4,
      });
      expect(await upcomingMeetings(user.id, now)).toHaveLength(4);
    } finally {
      server.redirectTo = '/calendars/google.ics';
    }
    const later = new Date('2027-01-13T09:00:00Z');
    expect(await refreshCalendar(user.id, later)).toMatchObject({ status: 'ok', error: null, lastReadAt: later.toISOString() });
  });

  it('refreshing without a calendar is 404; disconnecting deletes everything, also while a read is under way', async () => {
    const user = person();
    expect(await failure(refreshCalendar(user.id, now))).toBe('No calendar is connected.');
    await connectCalendar(user, `${server.origin}/slow.ics`, now);
    const reading = failure(refreshCalendar(user.id, now));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await disconnectCalendar(user.id);
    expect(await reading).toBe('No calendar is connected.');
    expect(await calendarSources.of(user.id)).toBeNull();
    expect(await upcomingMeetings(user.id, now)).toEqual([]);
    await disconnectCalendar(user.id); // nothing left: no error
  });
});

describe('refresh-calendars', () => {
  it('runs hourly and reads every connected calendar again, counting the failed ones', async () => {
    expect(config.schedule).toBe('@hourly');
    const good = person();
    const bad = person();
    await connectCalendar(good, `${server.origin}/calendars/outlook.ics`, now);
    await connectCalendar(bad, `${server.origin}/redirect`, now);
    server.redirectTo = '/endless';
    try {
      const response = await refreshCalendarsNow();
      const counts = (await response.json()) as { read: number; failed: number; left: number };
      expect(counts.failed).toBeGreaterThanOrEqual(1);
      expect(counts.left).toBe(0);
      expect((await calendarSources.of(good.id))?.error).toBeNull();
      expect((await calendarSources.of(bad.id))?.error).toBe(CALENDAR_FETCH_MESSAGES.tooManyRedirects);
    } finally {
      server.redirectTo = '/calendars/google.ics';
    }
  });
});

describe('refresh-calendars: call reminders', () => {
  it('after the read, e-mails one reminder of a call within the hour to a rep who switched them on, even when it runs twice', async () => {
    const smtp = await startMailCapture();
    Object.assign(process.env, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Learning Hub <hub@parcelwise.example>',
      SITE_URL: 'https://hub.parcelwise.example',
    });
    try {
      const account = await createUser({
        username: `${randomUUID().slice(0, 8)}@parcelwise.example`,
        password: null,
        name: 'Alex Morgan',
        role: 'user',
        createdBy: 'sso',
      });
      const started = new Date();
      await connectCalendar({ id: account.id, username: 'alex@parcelwise.example' }, `${server.origin}/soon.ics`, started);
      await updatePreferences(account.id, { callReminders: true }, started);
      const first = (await (await refreshCalendarsNow()).json()) as { reminders: { sent: number } };
      const second = (await (await refreshCalendarsNow()).json()) as { reminders: { sent: number; alreadySent: number } };
      expect(first.reminders.sent).toBe(1);
      expect(second.reminders).toMatchObject({ sent: 0, alreadySent: 1 });
      const mails = await Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)));
      expect(mails).toHaveLength(1);
      // UTC, as no zone is set.
      expect(mails[0]!.subject).toBe(`Prepare for Globex check-in at ${server.soon.toISOString().slice(11, 16)}`);
      expect(mails[0]!.text).toContain(
        `Prepare for it: https://hub.parcelwise.example/prep/${(await upcomingMeetings(account.id, started))[0]!.id}`,
      );
      expect(mails[0]!.to && 'text' in mails[0]!.to && mails[0]!.to.text).toBe(account.username);
    } finally {
      delete process.env['SMTP_URL'];
      delete process.env['MAIL_FROM'];
      delete process.env['SITE_URL'];
      await smtp.stop();
    }
  });
});

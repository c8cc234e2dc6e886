// The reminder before a call and the digest's calls of the day: which meetings get a reminder (within the
// hour, not under way, not prepared for), its exact subject and text on the person's clock; the day's calls
// on the person's calendar day; and the pass against a local Blobs server and a real SMTP server in this
// process (smtp-server), each message parsed with mailparser: only people who switched reminders on, one
// mail per meeting however often and however concurrently the pass runs, a refused send tried again.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBlobsAndMail } from '~tools/local-mail/for-tests';
import { createUser, setDisabled } from '~/server/accounts/accounts';
import { sendMail } from '~/server/mail/transport';
import { updatePreferences } from '~/server/preferences/preferences';
import { callsOfDay } from './calendar';
import type { ParsedMeeting } from './parse-calendar';
import { meetingsToRemind, reminderMail, sendCallReminders } from './reminders';
import { calendarSources } from './storage/calendar-sources';
import { meetingPrep } from './storage/meeting-prep';
import { meetingReminders } from './storage/meeting-reminders';

const ORIGIN = 'https://hub.parcelwise.example';
const MINUTE = 60 * 1000;
const local = useBlobsAndMail();

let counter = 0;
/** A meeting starting at `start` (an hour long), with a fresh id. */
const meeting = (title: string, start: string): ParsedMeeting => ({
  id: (++counter).toString(16).padStart(20, '0'),
  title,
  start: new Date(start).toISOString(),
  end: new Date(Date.parse(start) + 60 * MINUTE).toISOString(),
  attendees: [{ name: 'Jonas Weber', domain: 'globex.de' }],
  location: null,
});

/** Stores a connected calendar with these meetings, as the last read found them. */
const withCalendar = (userId: string, meetings: ParsedMeeting[]) =>
  calendarSources.save({
    userId,
    ownAddress: 'rep@parcelwise.example',
    address: { iv: 'iv', data: 'data', tag: 'tag' },
    addressHint: 'calendar.example …1234',
    connectedAt: '2027-03-01T00:00:00.000Z',
    lastReadAt: '2027-03-01T00:00:00.000Z',
    lastTriedAt: '2027-03-01T00:00:00.000Z',
    error: null,
    meetings,
  });

const newRep = (name: string) =>
  createUser({ username: `${randomUUID().slice(0, 8)}@parcelwise.example`, password: null, name, role: 'user', createdBy: 'sso' });

const { mailTo } = local;

describe('which meetings get a reminder', () => {
  const now = new Date('2027-03-10T09:00:00Z');
  it('those starting within the next 60 minutes (the 60th included), not already under way, not prepared for', () => {
    const starting = meeting('Starts now', '2027-03-10T09:00:00Z');
    const started = meeting('Under way', '2027-03-10T08:30:00Z');
    const soon = meeting('Soon', '2027-03-10T09:01:00Z');
    const edge = meeting('In an hour', '2027-03-10T10:00:00Z');
    const later = meeting('Later', '2027-03-10T10:00:01Z');
    const prepared = meeting('Prepared', '2027-03-10T09:30:00Z');
    const due = meetingsToRemind([started, starting, soon, prepared, edge, later], [prepared.id], now);
    expect(due.map((one) => one.title)).toEqual(['Soon', 'In an hour']);
  });

  it('writes the subject and both parts on the person’s clock, with the prep link and the way to switch it off', () => {
    const call = { ...meeting('Globex discovery call', '2027-03-10T09:30:00Z'), id: 'a'.repeat(20) };
    const mail = reminderMail(call, { name: 'Rae <Rep>', username: 'rae@parcelwise.example', timeZone: 'Europe/Berlin' }, ORIGIN);
    expect(mail.subject).toBe('Prepare for Globex discovery call at 10:30');
    expect(mail.to).toBe('rae@parcelwise.example');
    expect(mail.text).toBe(
      [
        'Hello Rae <Rep>,',
        'Globex discovery call starts at 10:30 (Europe/Berlin), and you have not prepared for it yet.',
        `Prepare for it: ${ORIGIN}/prep/${'a'.repeat(20)}`,
        '--',
        'You get this reminder because call reminders are switched on in your Learning Hub settings.',
        `Switch them off in your settings: ${ORIGIN}/settings#calendar`,
      ].join('\n\n') + '\n',
    );
    expect(mail.html).toContain('<p>Hello Rae &lt;Rep&gt;,</p>');
    expect(mail.html).toContain(`<a href="${ORIGIN}/prep/${'a'.repeat(20)}">Prepare for it</a>`);
    expect(mail.html).toContain(`<a href="${ORIGIN}/settings#calendar">Switch them off in your settings</a>`);
    // UTC until the person sets a zone.
    expect(reminderMail(call, { name: 'Rae', username: 'rae@parcelwise.example', timeZone: null }, ORIGIN).subject).toBe(
      'Prepare for Globex discovery call at 09:30',
    );
  });
});

describe("the digest's calls of the day", () => {
  it('are the meetings of the person’s calendar day not yet over, soonest first', async () => {
    const userId = randomUUID();
    const now = new Date('2027-03-10T16:00:00Z'); // 08:00 in Los Angeles
    const over = meeting('Over', '2027-03-10T14:00:00Z'); // 06:00–07:00 there
    const morning = meeting('Morning', '2027-03-10T17:00:00Z');
    const evening = meeting('Evening', '2027-03-11T07:30:00Z'); // 23:30 there, still the 10th
    const tomorrow = meeting('Tomorrow', '2027-03-11T08:30:00Z'); // 00:30 on the 11th there
    await withCalendar(userId, [over, morning, evening, tomorrow]);
    expect((await callsOfDay(userId, 'America/Los_Angeles', now)).map((one) => one.title)).toEqual(['Morning', 'Evening']);
    // In UTC the 10th ends before the evening one.
    expect((await callsOfDay(userId, null, now)).map((one) => one.title)).toEqual(['Morning']);
    expect(await callsOfDay(randomUUID(), null, now)).toEqual([]);
  });
});

describe('the reminder pass', () => {
  it('sends exactly one reminder per meeting, only to reps who switched reminders on, however often the pass runs', async () => {
    const now = new Date('2027-03-12T09:10:00Z');
    const rep = await newRep('Rae Rep');
    await updatePreferences(rep.id, { callReminders: true, timeZone: 'Europe/Berlin' }, now);
    const call = meeting('Globex discovery call', '2027-03-12T10:00:00Z');
    const prepared = meeting('Hooli renewal', '2027-03-12T09:40:00Z');
    const started = meeting('Initech demo', '2027-03-12T09:00:00Z');
    await withCalendar(rep.id, [started, prepared, call]);
    await meetingPrep.update(rep.id, (value) => ({ ...value, prepared: [prepared.id] }));
    const quiet = await newRep('Quinn Quiet'); // reminders off, the default
    await withCalendar(quiet.id, [meeting('Globex follow-up', '2027-03-12T09:30:00Z')]);
    const gone = await newRep('Dee Disabled');
    await updatePreferences(gone.id, { callReminders: true }, now);
    await withCalendar(gone.id, [meeting('Umbrella pricing review', '2027-03-12T09:30:00Z')]);
    await setDisabled(gone.username, true);

    const pass = (at: Date) => sendCallReminders(at, sendMail, ORIGIN);
    const [first, second] = await Promise.all([pass(now), pass(now)]);
    expect(first.sent + second.sent).toBe(1);
    expect(first.alreadySent + second.alreadySent).toBe(1);
    await pass(new Date('2027-03-12T09:30:00Z')); // a later run within the hour: nothing again
    const [mail, ...more] = await mailTo(rep.username);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Prepare for Globex discovery call at 11:00');
    expect(mail!.from?.value).toEqual([{ name: 'Learning Hub', address: 'hub@parcelwise.example' }]);
    expect(mail!.text).toContain(`Prepare for it: ${ORIGIN}/prep/${call.id}`);
    expect(mail!.html).toContain(`<a href="${ORIGIN}/prep/${call.id}">Prepare for it</a>`);
    expect(await mailTo(quiet.username)).toHaveLength(0);
    expect(await mailTo(gone.username)).toHaveLength(0);
    expect((await meetingReminders.of(rep.id, call.id))?.sentAt).toBe(now.toISOString());
  });

  it('gives the claim up when the send is refused, so a later pass before the start tries again', async () => {
    const now = new Date('2027-03-13T09:10:00Z');
    const rep = await newRep('Remy Retry');
    await updatePreferences(rep.id, { callReminders: true }, now);
    const call = meeting('Acme weekly sync', '2027-03-13T10:05:00Z');
    await withCalendar(rep.id, [call]);
    local.smtp.refuseNext(1, rep.username);
    expect(await sendCallReminders(now, sendMail, ORIGIN)).toMatchObject({ sent: 0, failed: 1 });
    expect(await meetingReminders.of(rep.id, call.id)).toBeNull();
    expect(await sendCallReminders(new Date('2027-03-13T09:20:00Z'), sendMail, ORIGIN)).toMatchObject({ sent: 1, failed: 0 });
    expect((await mailTo(rep.username)).map((mail) => mail.subject)).toEqual(['Prepare for Acme weekly sync at 10:05']);
  });
});

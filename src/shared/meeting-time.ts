// How a meeting's start is written on the home page and the prep page, and in the e-mails (digest, reminder).
import { localTime } from './time-zone';

const FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `Wed 13 Jan, 15:00 UTC`. */
export const meetingTime = (iso: string): string => `${FORMAT.format(new Date(iso))} UTC`;

/** `15:00`: the wall-clock hour and minute on the person's clock (UTC until they set a zone), 24-hour as the hub writes times. */
export function clockTime(iso: string, timeZone: string | null): string {
  const { hour, minute } = localTime(new Date(iso), timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

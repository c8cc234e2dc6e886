// How a meeting's start is written on the home page and the prep page.

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

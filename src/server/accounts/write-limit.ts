// The per-person write limit (docs/decisions.md "Throttling"): at most WRITES_PER_MINUTE (60) changes a
// minute per signed-in person, on every signed-in write but sign-in, registration, logout (throttled on
// their own) and visits (their own cap, team/visits.ts). Each admitted write leaves a mark, one create-only
// key of its own under the person's throttle subject, filed by time; the marks of the last minute are
// listed beside the session check, and the new mark is written beside the route's own writes, so the limit
// costs no round trip of its own. Requests sent at the very same moment each count the marks written
// before them: a burst can pass the limit by what it has in flight at once, and its marks then hold the
// person back until they are a minute old.
import { HttpError } from '~/server/errors';
import { writesPerMinute } from '~/server/config';
import { throttleMarks, throttleSubject, type StoredAttempt } from '~/server/storage/throttle-marks';

const MINUTE_MS = 60_000;

/** A signed-in write's place in its person's limit: listed when the request starts, admitted once the session is confirmed. */
export interface WriteAllowance {
  /** 429 with `Retry-After` over the limit; otherwise starts writing this write's mark (`written`: that write). */
  admit(): Promise<{ written: Promise<void> }>;
}

/** Seconds until the oldest mark that keeps the person at the limit is a minute old. */
function retryAfterSeconds(marks: readonly StoredAttempt[], limit: number, now: Date): number {
  const oldest = marks[marks.length - limit];
  const waitMs = oldest ? oldest.at.getTime() + MINUTE_MS - now.getTime() : 0;
  return Math.min(60, Math.max(1, Math.ceil(waitMs / 1000)));
}

/** Starts listing the person's marks of the last minute (a read: it may run before the session is confirmed). */
export function writeAllowance(userId: string, now: Date): WriteAllowance {
  const subject = throttleSubject.writes(userId);
  const earlier = throttleMarks.since(subject, new Date(now.getTime() - MINUTE_MS), now);
  earlier.catch(() => undefined); // answered by admit()
  return {
    async admit() {
      const marks = await earlier;
      const limit = writesPerMinute();
      if (marks.length + 1 > limit) {
        throw new HttpError(429, `Too many changes in a minute (at most ${limit}). Please wait a moment and try again.`, {
          'Retry-After': String(retryAfterSeconds(marks, limit, now)),
        });
      }
      const written = throttleMarks.record(subject, now).then(() => undefined);
      written.catch(() => undefined); // awaited by the middleware before it answers
      return { written };
    },
  };
}

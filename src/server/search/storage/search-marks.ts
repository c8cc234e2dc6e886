/**
 * Who has already had a search logged today, kept apart from the log itself so the log stays anonymous:
 *
 *   search-marks/<yyyy-mm-dd>/<person>/<term>              the person's term was logged that day (create-only)
 *   search-marks/<yyyy-mm-dd>/<person>/m<hhmm>/<term>      …in that minute (what the per-minute limit counts)
 *
 * `<person>` and `<term>` are keyed digests (HMAC with a key derived from SESSION_SECRET): without the
 * secret a mark names neither the person nor the term. Marks of past days are deleted by the daily tidy.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { z } from 'zod';
import { sessionSecret } from '~/server/config';
import { listFolders, listKeys, mapLimit, remove, writeJSON } from '~/server/storage/blobs';
import { key, prefix } from '~/server/storage/keys';

const MARKS_ROOT = 'search-marks';
const DAY_FOLDER = /^search-marks\/(\d{4}-\d{2}-\d{2})\/$/;
const emptySchema = z.strictObject({});

const keyedDigest = (...parts: string[]) => {
  const secret = Buffer.from(hkdfSync('sha256', sessionSecret(), 'parcelwise-learning-hub', 'search-marks', 32));
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url').slice(0, 22);
};

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const minuteOf = (at: Date) => `m${at.toISOString().slice(11, 16).replace(':', '')}`;

/** One person's marks of a day, as listed. */
export interface SearchMarks {
  /** Terms logged that day. */
  readonly count: number;
  /** Terms logged in the clock minute of `at`. */
  countInMinuteOf(at: Date): number;
  /** Claims the term for the day (create-only): false when it was already logged. */
  claim(query: string, at: Date): Promise<boolean>;
}

export const searchMarks = {
  async of(searcher: string, now: Date): Promise<SearchMarks> {
    const person = keyedDigest('person', searcher);
    const day = dayOf(now);
    const names = (await listKeys(prefix(MARKS_ROOT, day, person))).map((blobKey) => blobKey.split('/').slice(3));
    return {
      count: names.filter((parts) => parts.length === 1).length,
      countInMinuteOf: (at) => names.filter((parts) => parts.length === 2 && parts[0] === minuteOf(at)).length,
      async claim(query, at) {
        const term = keyedDigest('term', searcher, query);
        if (!(await writeJSON(key(MARKS_ROOT, day, person, term), emptySchema, {}, { onlyIfNew: true }))) return false;
        await writeJSON(key(MARKS_ROOT, day, person, minuteOf(at), term), emptySchema, {}, { onlyIfNew: true });
        return true;
      },
    };
  },

  /** Deletes the marks of every day before `today`. */
  async removeBefore(today: string): Promise<void> {
    const days = (await listFolders(`${MARKS_ROOT}/`)).flatMap((folder) => DAY_FOLDER.exec(folder)?.[1] ?? []).filter((day) => day < today);
    for (const day of days) await mapLimit(await listKeys(prefix(MARKS_ROOT, day)), remove);
  },
};

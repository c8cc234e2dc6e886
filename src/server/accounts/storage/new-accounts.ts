/**
 * New accounts of the last day, for the daily limit on registration and first sign-ins with the identity
 * provider: one create-only key per account being made, filed by UTC day, `new-accounts/<yyyy-mm-dd>/<eventId>`.
 * Counting the last 24 hours lists two day folders (three near midnight, for a concurrent request's later
 * clock) and reads no body; days before yesterday are deleted whole by the hourly job.
 */
import { listFolders, listKeys, mapLimit, remove, writeJSON } from '~/server/storage/blobs';
import { eventId, key, lastSegment, parseEventTime, prefix } from '~/server/storage/keys';
import { z } from 'zod';

const ROOT = 'new-accounts';
const DAY_MS = 24 * 60 * 60_000;
/** A concurrent request's mark may carry a time a moment after this one's. */
const CLOCK_SLACK_MS = 60_000;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** One new account's mark: its key and time. */
export interface NewAccountMark {
  key: string;
  at: Date;
}

export const newAccounts = {
  /** Records one account being made (create-only, its own key); answers the key. */
  async record(at: Date): Promise<string> {
    const markKey = key(ROOT, dayOf(at.getTime()), eventId(at));
    await writeJSON(markKey, z.strictObject({}), {}, { onlyIfNew: true });
    return markKey;
  },

  /** The marks made after `since` (up to `until` and a moment after), oldest first. */
  async since(since: Date, until: Date): Promise<NewAccountMark[]> {
    const days = new Set<string>();
    for (let time = since.getTime(); time <= until.getTime() + CLOCK_SLACK_MS; time += DAY_MS) days.add(dayOf(time));
    days.add(dayOf(until.getTime() + CLOCK_SLACK_MS));
    const lists = await Promise.all([...days].map((day) => listKeys(prefix(ROOT, day))));
    return lists
      .flat()
      .map((markKey) => ({ key: markKey, at: parseEventTime(lastSegment(markKey)) }))
      .filter((mark): mark is NewAccountMark => mark.at !== null && mark.at > since)
      .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.key < b.key ? -1 : 1));
  },

  remove: (markKey: string) => remove(markKey),

  /** Deletes the day folders that ended more than a day before `now`; answers how many marks were removed. */
  async removeDaysBefore(now: Date): Promise<number> {
    const cutoff = dayOf(now.getTime() - DAY_MS);
    const expired = (await listFolders(`${ROOT}/`)).filter((folder) => folder.slice(ROOT.length + 1, -1) < cutoff);
    const keys = (await mapLimit(expired, listKeys)).flat();
    await mapLimit(keys, remove);
    return keys.length;
  },
};

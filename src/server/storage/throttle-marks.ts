/**
 * Marks counted by time, the store every throttle uses (failed sign-ins, wrong invite codes, a person's visits and
 * writes; docs/architecture.md "Storage layout"). One create-only key per attempt, filed by 15-minute time bucket, then by subject:
 *
 *   throttle/<yyyy-mm-dd>/<hh>-<q>/login/user/<digest of username>/all/<eventId>        every address
 *   throttle/<yyyy-mm-dd>/<hh>-<q>/login/user/<digest>/from/<digest of address>/<eventId> one address
 *   throttle/<yyyy-mm-dd>/<hh>-<q>/login/user/<digest>/device/<digest of device>/<eventId> a known device
 *   throttle/<yyyy-mm-dd>/<hh>-<q>/login/address/<digest of address>/<eventId>           across usernames
 *   throttle/<yyyy-mm-dd>/<hh>-<q>/login/network/<digest of /48>/<eventId>               an IPv6 /48, across usernames
 *   throttle/<yyyy-mm-dd>/<hh>-<q>/invite/<digest of address>/<eventId>                  wrong invite codes
 *   throttle/<yyyy-mm-dd>/<hh>-<q>/visits/<user id>/<eventId>.<tag>                       visits (tag: which page)
 *   throttle/<yyyy-mm-dd>/<hh>-<q>/writes/<user id>/<eventId>                             a signed-in person's changes
 *
 * The time is in the event id, so counting a subject's recent attempts is one listing per bucket inside
 * the window (two for a 15-minute window) and no reads; history outside the window is never listed, and
 * whole expired buckets are deleted by the hourly job. Subjects are built here from already-normalised values.
 */
import { listFolders, listKeys, mapLimit, remove, writeJSON } from '~/server/storage/blobs';
import { digest, eventId, key, lastSegment, parseEventTime, prefix } from '~/server/storage/keys';
import { z } from 'zod';

const ROOT = 'throttle';
/** The layout before time buckets (`failed-logins/<digest>/<eventId>`): removed whole by the hourly job. */
const LEGACY_ROOT = 'failed-logins/';
const BUCKET_MS = 15 * 60_000;

/** A throttled subject: the key segments under a bucket. */
export type ThrottleSubject = { readonly segments: readonly string[] };

const loginUser = (username: string) => ['login', 'user', digest(username)];

export const throttleSubject = {
  /** Failed sign-ins as one username, from every address and device. */
  username: (username: string): ThrottleSubject => ({ segments: [...loginUser(username), 'all'] }),
  /** Failed sign-ins as one username from one (normalised) address. */
  usernameAtAddress: (username: string, address: string): ThrottleSubject => ({
    segments: [...loginUser(username), 'from', digest(address)],
  }),
  /** Failed sign-ins as one username from one known device (its random id from the known-device cookie). */
  usernameOnDevice: (username: string, deviceId: string): ThrottleSubject => ({
    segments: [...loginUser(username), 'device', digest(deviceId)],
  }),
  /** Failed sign-ins as one username through any known device: the ceiling devices share. */
  usernameOnDevices: (username: string): ThrottleSubject => ({ segments: [...loginUser(username), 'devices'] }),
  /** Failed sign-ins from one address, whatever the username (password spraying). */
  address: (address: string): ThrottleSubject => ({ segments: ['login', 'address', digest(address)] }),
  /** Failed sign-ins from one IPv6 /48 network (client-address.ts `throttleNetwork`), whatever the username and /64. */
  network: (network: string): ThrottleSubject => ({ segments: ['login', 'network', digest(network)] }),
  /** Wrong invite codes from one address. */
  inviteCodes: (address: string): ThrottleSubject => ({ segments: ['invite', digest(address)] }),
  /** Wrong current passwords given to change a user's password (keyed by the user: it needs a session). */
  passwordChanges: (userId: string): ThrottleSubject => ({ segments: ['password', userId] }),
  /** Visits a user recorded (POST /api/track-visit: de-duplication and the per-minute cap). */
  visits: (userId: string): ThrottleSubject => ({ segments: ['visits', userId] }),
  /** Changes a signed-in person made (every signed-in write but visits: the per-minute write limit). */
  writes: (userId: string): ThrottleSubject => ({ segments: ['writes', userId] }),
};

/** `throttle/<yyyy-mm-dd>/<hh>-<q>` of the 15-minute bucket holding a time. */
function bucketOf(time: number): string[] {
  const iso = new Date(time).toISOString();
  const quarter = Math.floor(Number(iso.slice(14, 16)) / 15);
  return [ROOT, iso.slice(0, 10), `${iso.slice(11, 13)}-${quarter}`];
}

/** Start time of a bucket folder `throttle/<day>/<hh>-<q>/`, or null for anything else. */
function bucketStart(folder: string): number | null {
  const match = /^throttle\/(\d{4}-\d{2}-\d{2})\/(\d{2})-([0-3])\/$/.exec(folder);
  if (!match) return null;
  const time = Date.parse(`${match[1]}T${match[2]}:${String(Number(match[3]) * 15).padStart(2, '0')}:00.000Z`);
  return Number.isNaN(time) ? null : time;
}

/**
 * Concurrent requests take their own "now": an attempt recorded by a request that started a moment later
 * may sit in the next bucket, and must still be counted.
 */
const CLOCK_SLACK_MS = 60_000;

/** The buckets that can hold an attempt made after `since` (up to `until` plus the slack), oldest first. */
function bucketsBetween(since: number, until: number): string[][] {
  const buckets: string[][] = [];
  for (let time = Math.floor(since / BUCKET_MS) * BUCKET_MS; time <= until + CLOCK_SLACK_MS; time += BUCKET_MS)
    buckets.push(bucketOf(time));
  return buckets;
}

/** One stored attempt: its key (to delete it) and its time. */
export interface StoredAttempt {
  key: string;
  at: Date;
}

const emptySchema = z.strictObject({});

/** The tag an attempt was recorded with, or null. */
export const tagOf = (attemptKey: string): string | null => lastSegment(attemptKey).split('.')[1] ?? null;

export const throttleMarks = {
  /**
   * Records one attempt of a subject (create-only, its own key), with an optional key-safe tag saying what
   * it was (`tagOf` reads it back); answers the key. Throws when storage fails.
   */
  async record(subject: ThrottleSubject, at: Date, tag?: string): Promise<string> {
    const attemptKey = throttleMarks.keyFor(subject, at, tag);
    await writeJSON(attemptKey, emptySchema, {}, { onlyIfNew: true });
    return attemptKey;
  },

  /** The key a new attempt of the subject at that time gets (`record` writes it; the benchmark seeds with it). */
  keyFor: (subject: ThrottleSubject, at: Date, tag?: string): string =>
    key(...bucketOf(at.getTime()), ...subject.segments, tag === undefined ? eventId(at) : `${eventId(at)}.${tag}`),

  /**
   * The subject's attempts made after `since`, oldest first (including any recorded by concurrent requests
   * a moment after `until`): one listing per bucket, in parallel.
   */
  async since(subject: ThrottleSubject, since: Date, until: Date): Promise<StoredAttempt[]> {
    const lists = await Promise.all(
      bucketsBetween(since.getTime(), until.getTime()).map((bucket) => listKeys(prefix(...bucket, ...subject.segments))),
    );
    return lists
      .flat()
      .map((attemptKey) => ({ key: attemptKey, at: parseEventTime(lastSegment(attemptKey)) }))
      .filter((attempt): attempt is StoredAttempt => attempt.at !== null && attempt.at > since)
      .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.key < b.key ? -1 : 1));
  },

  /** Deletes attempts by key (an attempt that succeeded, or failures a success or an operator clears). */
  async remove(keys: readonly string[]): Promise<void> {
    await mapLimit(keys, remove);
  },

  /** Every failed sign-in of a username (all addresses and devices) made after `since`: what `unlock` deletes. */
  async usernameKeysSince(username: string, since: Date, until: Date): Promise<string[]> {
    const lists = await Promise.all(
      bucketsBetween(since.getTime(), until.getTime()).map((bucket) => listKeys(prefix(...bucket, ...loginUser(username)))),
    );
    return lists.flat();
  },

  /**
   * Deletes every bucket that ended at or before `cutoff` (and the pre-bucket layout), until `deadline`
   * (epoch ms); answers how many attempts were removed. Lists day folders, then the bucket folders of the
   * days that may still be live.
   */
  async removeBucketsEndingBefore(cutoff: Date, deadline: number = Number.POSITIVE_INFINITY): Promise<number> {
    const expired: string[] = [];
    for (const day of await listFolders(`${ROOT}/`)) {
      const dayStart = Date.parse(`${day.slice(ROOT.length + 1, -1)}T00:00:00.000Z`);
      if (Number.isNaN(dayStart)) continue;
      if (dayStart + 24 * 60 * 60_000 <= cutoff.getTime()) {
        expired.push(day);
        continue;
      }
      for (const bucket of await listFolders(day)) {
        const start = bucketStart(bucket);
        if (start !== null && start + BUCKET_MS <= cutoff.getTime()) expired.push(bucket);
      }
    }
    const keys = (await mapLimit([...expired, LEGACY_ROOT], listKeys)).flat();
    // A scheduled function has a time limit: past the deadline the rest waits for the next run.
    const removed = await mapLimit(keys, async (blobKey) => (Date.now() < deadline ? (await remove(blobKey), 1) : 0));
    return removed.reduce<number>((sum, one) => sum + one, 0);
  },
};

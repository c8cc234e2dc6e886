/**
 * What the digest pass records (docs/decisions.md "E-mail digest"):
 * - `digest-sends/<yyyy-mm-dd>/<user>`: the create-only claim on a person's digest of a day (their local
 *   date), written before sending, so overlapping or repeated passes send at most one; marked sent after.
 * - `digest-failures/<yyyy-mm-dd>/<user>/<try>`: one create-only record per failed try (at most 3 a day);
 *   the claim is released after it, so a later pass retries.
 * - `digest-passes/<yyyy-mm-dd>/<hh>`: how far the pass of an hour got (the last person done, in id
 *   order); `<hh>.done` once every person of that hour was handled, so a pass cut short is finished by the next.
 * People with nothing to do cost no write.
 */
import { z } from 'zod';
import { listKeys, readJSON, remove, writeJSON } from '~/server/storage/blobs';
import { key, prefix } from '~/server/storage/keys';

const storedSendSchema = z.strictObject({
  state: z.enum(['sending', 'sent']),
  claimedAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  subject: z.string().max(400).nullable(),
});

const storedFailureSchema = z.strictObject({ at: z.iso.datetime(), error: z.string().max(500) });
const storedPassSchema = z.strictObject({ through: z.string().nullable(), updatedAt: z.iso.datetime() });

const sendKey = (date: string, userId: string) => key('digest-sends', date, userId);

export interface DigestFailure {
  userId: string;
  date: string;
  tries: number;
  lastAt: Date;
}

export const digestSends = {
  /** Create-only: true when this caller may send the person's digest of that day. */
  claim: (date: string, userId: string, at: Date) =>
    writeJSON(
      sendKey(date, userId),
      storedSendSchema,
      { state: 'sending', claimedAt: at.toISOString(), sentAt: null, subject: null },
      { onlyIfNew: true },
    ),

  markSent: (date: string, userId: string, claimedAt: Date, at: Date, subject: string) =>
    writeJSON(sendKey(date, userId), storedSendSchema, {
      state: 'sent',
      claimedAt: claimedAt.toISOString(),
      sentAt: at.toISOString(),
      subject,
    }),

  of: (date: string, userId: string) => readJSON(sendKey(date, userId), storedSendSchema),

  /** A failed try: recorded first, then the claim released for a retry. */
  async release(date: string, userId: string, tryNumber: number, at: Date, error: string): Promise<void> {
    await writeJSON(
      key('digest-failures', date, userId, tryNumber),
      storedFailureSchema,
      { at: at.toISOString(), error: error.slice(0, 500) },
      { onlyIfNew: true },
    );
    await remove(sendKey(date, userId));
  },

  /** The failed tries of a day, by person. */
  async failures(date: string): Promise<DigestFailure[]> {
    const keys = await listKeys(prefix('digest-failures', date));
    const byUser = new Map<string, string[]>();
    for (const failureKey of keys) {
      const [, , userId] = failureKey.split('/');
      if (userId) byUser.set(userId, [...(byUser.get(userId) ?? []), failureKey]);
    }
    const failures = await Promise.all(
      [...byUser].map(async ([userId, userKeys]) => {
        const last = await readJSON(
          userKeys.sort((a, b) => Number(a.split('/')[3]) - Number(b.split('/')[3])).at(-1)!,
          storedFailureSchema,
        );
        return { userId, date, tries: userKeys.length, lastAt: new Date(last?.at ?? 0) };
      }),
    );
    return failures;
  },

  /** The hours of a UTC date whose pass began: for each, how far it got and whether it finished. */
  async passes(date: string): Promise<Array<{ hour: string; done: boolean }>> {
    const keys = await listKeys(prefix('digest-passes', date));
    const names = keys.map((passKey) => passKey.split('/')[2]!);
    return names.filter((name) => !name.endsWith('.done')).map((hour) => ({ hour, done: names.includes(`${hour}.done`) }));
  },

  passProgress: async (date: string, hour: string) => (await readJSON(key('digest-passes', date, hour), storedPassSchema))?.through ?? null,

  savePassProgress: (date: string, hour: string, through: string | null, at: Date) =>
    writeJSON(key('digest-passes', date, hour), storedPassSchema, { through, updatedAt: at.toISOString() }),

  finishPass: (date: string, hour: string, at: Date) =>
    writeJSON(
      key('digest-passes', date, `${hour}.done`),
      storedPassSchema,
      { through: null, updatedAt: at.toISOString() },
      { onlyIfNew: true },
    ),
};

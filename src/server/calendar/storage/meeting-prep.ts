/**
 * What a rep has said about their meetings (`meeting-prep/<user id>`): the persona and segment they chose
 * for a company (by its e-mail domain), used for every later meeting with it, and the meetings they prepared
 * for. Kept apart from the calendar's record: it is the rep's own work, not something read from the calendar.
 */
import { z } from 'zod';
import { readJSONWithEtag, writeJSON } from '~/server/storage/blobs';
import { key } from '~/server/storage/keys';

/** Companies remembered, and meetings marked prepared: the newest are kept. */
const MAX_CORRECTIONS = 500;
const MAX_PREPARED = 200;

const storedMeetingPrepSchema = z.strictObject({
  userId: z.uuid(),
  corrections: z.record(z.string().max(253), z.strictObject({ persona: z.string().max(20), segment: z.string().max(20) })),
  /** Ids of the meetings prepared for, oldest first. */
  prepared: z.array(z.string().regex(/^[0-9a-f]{20}$/)).max(MAX_PREPARED),
});
export type StoredMeetingPrep = z.infer<typeof storedMeetingPrepSchema>;

const ROOT = 'meeting-prep';
const empty = (userId: string): StoredMeetingPrep => ({ userId, corrections: {}, prepared: [] });
/** Writes that lose a race with another of the person's writes are tried again this often. */
const ATTEMPTS = 3;

/** Keeps the newest entries: a record never outgrows its schema. */
function trimmed(value: StoredMeetingPrep): StoredMeetingPrep {
  const domains = Object.keys(value.corrections);
  const corrections =
    domains.length <= MAX_CORRECTIONS
      ? value.corrections
      : Object.fromEntries(domains.slice(-MAX_CORRECTIONS).map((domain) => [domain, value.corrections[domain]!]));
  return { ...value, corrections, prepared: value.prepared.slice(-MAX_PREPARED) };
}

export const meetingPrep = {
  of: async (userId: string): Promise<StoredMeetingPrep> =>
    (await readJSONWithEtag(key(ROOT, userId), storedMeetingPrepSchema))?.value ?? empty(userId),

  /** Changes the record without losing another write made meanwhile (read, change, write only over what was read). */
  async update(
    userId: string,
    change: (value: StoredMeetingPrep) => StoredMeetingPrep,
    first?: Promise<{ value: StoredMeetingPrep; etag: string } | null>,
  ): Promise<StoredMeetingPrep> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stored = attempt === 0 && first ? await first : await readJSONWithEtag(key(ROOT, userId), storedMeetingPrepSchema);
      const next = trimmed(change(stored?.value ?? empty(userId)));
      const options = stored ? { onlyIfMatch: stored.etag } : { onlyIfNew: true };
      if (await writeJSON(key(ROOT, userId), storedMeetingPrepSchema, next, options)) return next;
    }
    throw new Error('meeting-prep: the record kept changing while it was written');
  },

  /** The record with its version, read beside other reads before an update. */
  versionOf: (userId: string) => readJSONWithEtag(key(ROOT, userId), storedMeetingPrepSchema),
};

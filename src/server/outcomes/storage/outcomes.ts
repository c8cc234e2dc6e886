/**
 * A person's recorded outcomes, `ramp-outcomes/<user>`: one document per person holding one outcome per
 * milestone (a milestone is reached once), so their pages and the API read them in one round trip. Written
 * only if unchanged since it was read (its etag), so two recorders at once never lose each other's outcome:
 * the later one reads again and applies its change to what the first wrote.
 */
import { z } from 'zod';
import { listKeys, mapLimit, readJSON, readJSONWithEtag, writeJSON } from '~/server/storage/blobs';
import { key, lastSegment, prefix } from '~/server/storage/keys';

const storedOutcomeSchema = z.strictObject({
  milestone: z.string(),
  date: z.iso.date(),
  note: z.string().nullable(),
  eventId: z.string().nullable(),
  /** Who recorded it: a person (their id and name), or the CRM webhook (id null). */
  recordedBy: z.strictObject({ id: z.string().nullable(), name: z.string() }),
  recordedAt: z.iso.datetime(),
});
export type StoredOutcome = z.infer<typeof storedOutcomeSchema>;

const storedOutcomesSchema = z.strictObject({ outcomes: z.array(storedOutcomeSchema) });

/** What was read, and the version a write must find to replace it (null: nothing recorded yet). */
export interface OutcomesVersion {
  list: StoredOutcome[];
  etag: string | null;
}

const outcomesKey = (userId: string) => key('ramp-outcomes', userId);

export const outcomes = {
  async read(userId: string): Promise<OutcomesVersion> {
    const read = await readJSONWithEtag(outcomesKey(userId), storedOutcomesSchema);
    return read ? { list: read.value.outcomes, etag: read.etag } : { list: [], etag: null };
  },

  /** Everybody's outcomes by account id (a listing, then the documents at once: two round trips whatever the team's size). */
  async readEveryone(): Promise<Map<string, StoredOutcome[]>> {
    const keys = await listKeys(prefix('ramp-outcomes'));
    const lists = await mapLimit(
      keys,
      async (blobKey) => [lastSegment(blobKey), (await readJSON(blobKey, storedOutcomesSchema))?.outcomes ?? []] as const,
    );
    return new Map(lists);
  },

  /** Replaces the person's outcomes if nobody wrote them since `read`; false when somebody did. */
  write: (userId: string, list: StoredOutcome[], read: Pick<OutcomesVersion, 'etag'>): Promise<boolean> =>
    writeJSON(
      outcomesKey(userId),
      storedOutcomesSchema,
      { outcomes: list },
      read.etag === null ? { onlyIfNew: true } : { onlyIfMatch: read.etag },
    ),
};

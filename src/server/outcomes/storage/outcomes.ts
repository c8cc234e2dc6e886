/**
 * A person's recorded outcomes, `ramp-outcomes/<user>`: one document per person holding one outcome per
 * milestone (a milestone is reached once), so their pages and the API read them in one round trip. Written
 * only if unchanged since it was read (its etag), so two recorders at once never lose each other's outcome:
 * the later one reads again and applies its change to what the first wrote.
 */
import { z } from 'zod';
import { inBackground } from '~/server/background';
import { listBlobs, mapLimit, readJSON, readJSONWithEtag, writeJSON } from '~/server/storage/blobs';
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

/**
 * The team's milestones reached, in one document (`ramp-outcomes-index/team`): each person's milestone dates
 * with the version (etag) of their document they were copied from. A cache the team's reader keeps: it
 * lists everybody's documents (the listing gives their versions) beside reading it, and reads only the
 * documents changed since, so Team Progress reads a team of hundreds in one round trip, two when some changed.
 */
const teamIndexSchema = z.strictObject({
  people: z.record(z.string(), z.strictObject({ etag: z.string(), reached: z.record(z.string(), z.iso.date()) })),
});
type TeamIndex = z.infer<typeof teamIndexSchema>;
const TEAM_INDEX_KEY = key('ramp-outcomes-index', 'team');

const reachedOf = (list: readonly StoredOutcome[]) => Object.fromEntries(list.map((stored) => [stored.milestone, stored.date]));

export const outcomes = {
  async read(userId: string): Promise<OutcomesVersion> {
    const read = await readJSONWithEtag(outcomesKey(userId), storedOutcomesSchema);
    return read ? { list: read.value.outcomes, etag: read.etag } : { list: [], etag: null };
  },

  /** Everybody's milestones reached by account id (milestone → date), from the team index and the documents changed since it. */
  async readEveryone(): Promise<Map<string, Record<string, string>>> {
    const [listed, index] = await Promise.all([listBlobs(prefix('ramp-outcomes')), readJSON(TEAM_INDEX_KEY, teamIndexSchema)]);
    const known = index?.people ?? {};
    const changed = listed.filter((blob) => blob.etag === '' || known[lastSegment(blob.key)]?.etag !== blob.etag);
    const reread = await mapLimit(changed, async (blob) => {
      const read = await readJSONWithEtag(blob.key, storedOutcomesSchema);
      return [lastSegment(blob.key), { etag: read?.etag ?? '', reached: reachedOf(read?.value.outcomes ?? []) }] as const;
    });
    const people: TeamIndex['people'] = Object.fromEntries([
      ...listed.flatMap((blob) => (known[lastSegment(blob.key)] ? [[lastSegment(blob.key), known[lastSegment(blob.key)]!] as const] : [])),
      ...reread,
    ]);
    if (reread.length > 0 || Object.keys(people).length !== Object.keys(known).length)
      // A cache: saved after the answer; a save that loses to another is put right by the next reader.
      inBackground('ramp outcomes index', () => writeJSON(TEAM_INDEX_KEY, teamIndexSchema, { people }));
    return new Map(Object.entries(people).map(([userId, { reached }]) => [userId, reached]));
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

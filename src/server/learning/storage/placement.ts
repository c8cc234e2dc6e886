/**
 * Placement checks, one document per person and module (`placements/<user>/<module>`): the open try's
 * questions as drawn and every submitted try's graded result, so a page reads a person's checks of a module
 * in one round trip beside the session check. Written only if unchanged since it was read (its etag), so two
 * tabs submitting at once store one result, and a drawing never replaces a result stored meanwhile.
 */
import { z } from 'zod';
import { listKeys, mapLimit, readJSONWithEtag, writeJSON } from '~/server/storage/blobs';
import { key, lastSegment, prefix } from '~/server/storage/keys';

const storedPlacementCheckSchema = z.strictObject({
  startedAt: z.iso.datetime(),
  /** Bank keys "{quizId}:{questionId}", in the order shown. */
  questions: z.array(z.string()),
});
type StoredPlacementCheck = z.infer<typeof storedPlacementCheckSchema>;

const storedPlacementResultSchema = z.strictObject({
  submittedAt: z.iso.datetime(),
  questions: z.array(z.string()),
  score: z.number().int().min(0).max(100),
  threshold: z.number().int().min(1).max(100),
  passed: z.boolean(),
  lessons: z.array(z.strictObject({ id: z.number().int().positive(), known: z.boolean() })),
  /** The lessons this pass completed (those done before it stay done by reading). */
  testedOut: z.array(z.number().int().positive()),
});
export type StoredPlacementResult = z.infer<typeof storedPlacementResultSchema>;

const storedPlacementsSchema = z.strictObject({
  /** The try drawn and not submitted yet. */
  open: storedPlacementCheckSchema.nullable(),
  /** Every submitted try, oldest first (try n is `results[n - 1]`). */
  results: z.array(storedPlacementResultSchema),
});

/** One module's checks as read, and the version a write must find to replace them (null: none yet). */
export interface PlacementTries {
  open: StoredPlacementCheck | null;
  results: StoredPlacementResult[];
  etag: string | null;
}

const placementKey = (userId: string, moduleId: number) => key('placements', userId, moduleId);

export const placement = {
  async read(userId: string, moduleId: number): Promise<PlacementTries> {
    const read = await readJSONWithEtag(placementKey(userId, moduleId), storedPlacementsSchema);
    return read ? { ...read.value, etag: read.etag } : { open: null, results: [], etag: null };
  },

  /** The modules whose checks a person took or started, from one listing. */
  modules: async (userId: string): Promise<number[]> =>
    (await listKeys(prefix('placements', userId))).map((blobKey) => Number(lastSegment(blobKey))).filter(Number.isInteger),

  /** Every submitted try of these modules' checks, oldest first per module. */
  results: async (userId: string, moduleIds: readonly number[]) =>
    mapLimit(moduleIds, async (moduleId) => ({ moduleId, results: (await placement.read(userId, moduleId)).results })),

  /** Replaces the module's checks if nobody wrote them since `read`; false when somebody did. */
  write: (userId: string, moduleId: number, tries: Omit<PlacementTries, 'etag'>, read: Pick<PlacementTries, 'etag'>): Promise<boolean> =>
    writeJSON(
      placementKey(userId, moduleId),
      storedPlacementsSchema,
      { open: tries.open, results: tries.results },
      read.etag === null ? { onlyIfNew: true } : { onlyIfMatch: read.etag },
    ),
};

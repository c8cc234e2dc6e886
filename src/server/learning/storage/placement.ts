/**
 * Placement checks, per person and module: the questions of try n as drawn (`placement-checks/<user>/<module>/<nnnn>`)
 * and its graded result (`…/<nnnn>.done`), both create-only, so two tabs submitting at once store one result.
 * The keys alone say how many tries were submitted and whether the next one was drawn.
 */
import { z } from 'zod';
import { listKeys, mapLimit, readJSON, writeJSON } from '~/server/storage/blobs';
import { key, lastSegment, prefix } from '~/server/storage/keys';

const storedPlacementCheckSchema = z.strictObject({
  startedAt: z.iso.datetime(),
  /** Bank keys "{quizId}:{questionId}", in the order shown. */
  questions: z.array(z.string()),
});
export type StoredPlacementCheck = z.infer<typeof storedPlacementCheckSchema>;

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

/** What the listing of one module's checks says: the tries submitted, and whether the next one was drawn. */
export interface PlacementKeys {
  moduleId: number;
  submitted: number;
  nextDrawn: boolean;
}

const tryCode = (attempt: number) => String(attempt).padStart(4, '0');

function summarise(keys: readonly string[], moduleId: number): PlacementKeys {
  const names = new Set(keys.map(lastSegment));
  let submitted = 0;
  while (names.has(`${tryCode(submitted + 1)}.done`)) submitted += 1;
  return { moduleId, submitted, nextDrawn: names.has(tryCode(submitted + 1)) };
}

export const placement = {
  /** The checks of one module, from the keys alone. */
  keys: async (userId: string, moduleId: number): Promise<PlacementKeys> =>
    summarise(await listKeys(prefix('placement-checks', userId, moduleId)), moduleId),

  /** Every module's checks of a person, from one listing (modules without any are left out). */
  async allKeys(userId: string): Promise<PlacementKeys[]> {
    const byModule = new Map<number, string[]>();
    for (const blobKey of await listKeys(prefix('placement-checks', userId))) {
      const moduleId = Number(blobKey.split('/')[2]);
      byModule.set(moduleId, [...(byModule.get(moduleId) ?? []), blobKey]);
    }
    return [...byModule].map(([moduleId, keys]) => summarise(keys, moduleId));
  },

  check: (userId: string, moduleId: number, attempt: number) =>
    readJSON(key('placement-checks', userId, moduleId, tryCode(attempt)), storedPlacementCheckSchema),

  /** Create-only: the first drawing of a try stays. */
  draw: (userId: string, moduleId: number, attempt: number, check: StoredPlacementCheck) =>
    writeJSON(key('placement-checks', userId, moduleId, tryCode(attempt)), storedPlacementCheckSchema, check, { onlyIfNew: true }),

  result: (userId: string, moduleId: number, attempt: number) =>
    readJSON(key('placement-checks', userId, moduleId, `${tryCode(attempt)}.done`), storedPlacementResultSchema),

  /** Every submitted try of these modules' checks, oldest first per module. */
  results: (userId: string, tries: readonly PlacementKeys[]) =>
    mapLimit(
      tries.flatMap(({ moduleId, submitted }) => Array.from({ length: submitted }, (_, index) => ({ moduleId, attempt: index + 1 }))),
      async ({ moduleId, attempt }) => ({ moduleId, attempt, result: await placement.result(userId, moduleId, attempt) }),
    ),

  /** Create-only: true when this call stored the result (false: the try was submitted already). */
  submit: (userId: string, moduleId: number, attempt: number, result: StoredPlacementResult) =>
    writeJSON(key('placement-checks', userId, moduleId, `${tryCode(attempt)}.done`), storedPlacementResultSchema, result, {
      onlyIfNew: true,
    }),
};

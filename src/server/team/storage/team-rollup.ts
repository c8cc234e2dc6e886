/**
 * The team rollup (`team-progress/rollup`): one cached document of every user's figures, owned by the
 * team-rollup service, which gives its schema; a cache that can always be rebuilt from the events.
 */
import type { z } from 'zod';
import { readJSON, writeJSON } from '~/server/storage/blobs';
import { key } from '~/server/storage/keys';

const ROLLUP_KEY = key('team-progress', 'rollup');

export const teamRollup = {
  get: <S extends z.ZodType>(schema: S) => readJSON(ROLLUP_KEY, schema),
  save: <S extends z.ZodType>(schema: S, value: z.infer<S>) => writeJSON(ROLLUP_KEY, schema, value),
};

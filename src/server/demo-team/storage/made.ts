/**
 * Whether the demo team of this local store was made (`demo-team/made`): one create-only marker, so two
 * servers started on the same data (npm start beside npm test's own) never make it twice.
 */
import { z } from 'zod';
import { readJSON, writeJSON } from '~/server/storage/blobs';
import { key } from '~/server/storage/keys';

const storedMarkerSchema = z.strictObject({ startedAt: z.iso.datetime(), seed: z.number().int() });
const MARKER = key('demo-team', 'made');

export const demoTeamMarker = {
  /** True when this call claimed the making (nobody had). */
  claim: (startedAt: Date, seed: number) =>
    writeJSON(MARKER, storedMarkerSchema, { startedAt: startedAt.toISOString(), seed }, { onlyIfNew: true }),
  read: () => readJSON(MARKER, storedMarkerSchema),
};

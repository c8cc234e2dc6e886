/**
 * Known devices (`devices/<user id>/<digest of device id>`): a browser that signed in as the person. A
 * known-device cookie (sealed, per deploy context) exempts a browser from the shared sign-in limits only
 * while its record exists here; a password change, disable, delete or unlock removes them all.
 */
import { z } from 'zod';
import { listKeys, mapLimit, readJSON, remove, writeJSON } from '~/server/storage/blobs';
import { digest, key, prefix } from '~/server/storage/keys';

const storedDeviceSchema = z.strictObject({ since: z.iso.datetime() });

const deviceKey = (userId: string, deviceId: string) => key('devices', userId, digest(deviceId));

export const devices = {
  get: (userId: string, deviceId: string) => readJSON(deviceKey(userId, deviceId), storedDeviceSchema),

  /** Create-only: a device keeps the date it was first known. */
  remember: (userId: string, deviceId: string, since: Date) =>
    writeJSON(deviceKey(userId, deviceId), storedDeviceSchema, { since: since.toISOString() }, { onlyIfNew: true }),

  /** Keeps the `max` most recent devices of a person; answers how many were forgotten. */
  async keepNewest(userId: string, max: number): Promise<number> {
    const keys = await listKeys(prefix('devices', userId));
    if (keys.length <= max) return 0;
    const known = await mapLimit(keys, async (blobKey) => ({ blobKey, since: (await readJSON(blobKey, storedDeviceSchema))?.since ?? '' }));
    const oldest = known.sort((a, b) => a.since.localeCompare(b.since)).slice(0, keys.length - max);
    await mapLimit(oldest, ({ blobKey }) => remove(blobKey));
    return oldest.length;
  },

  /** Forgets every device of a person. */
  async forgetAll(userId: string): Promise<void> {
    await devices.forget(await devices.keysOf(userId));
  },

  /** The keys of a person's devices now (to forget them later with `forget`). */
  keysOf: (userId: string): Promise<string[]> => listKeys(prefix('devices', userId)),

  /** Forgets the devices `keysOf` listed. */
  async forget(keys: readonly string[]): Promise<void> {
    await mapLimit(keys, remove);
  },
};

/**
 * One JSON record a person at `<root>/<user id>`, validated on the way in and out: `of` reads it (null
 * before the first save), `save` overwrites it, the last write winning.
 */
import type { z } from 'zod';
import { readJSON, writeJSON } from './blobs';
import { key } from './keys';

export function userRecords<T extends { userId: string }>(root: string, schema: z.ZodType<T>) {
  return {
    of: (userId: string): Promise<T | null> => readJSON(key(root, userId), schema),
    save: (value: T): Promise<boolean> => writeJSON(key(root, value.userId), schema, value),
  };
}

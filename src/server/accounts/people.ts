/**
 * What other domains read of people (the team figures, the digest, plans): through this module, never
 * through the accounts domain's storage. It imports nothing heavy (no password hashing or policy), so a
 * scheduled function that only needs people stays small.
 */
import { users } from './storage/users';
import type { StoredUser } from './user-record';

/** People by id, a bounded number of reads at a time (null where none). */
export const accountsByIds = (ids: readonly string[]): Promise<Array<StoredUser | null>> => users.byIds(ids);

/** Every account's id with the version (etag) of its record, without reading the records. */
export const accountVersions = (): Promise<Array<{ id: string; etag: string }>> => users.versions();

import { z } from 'zod';

/**
 * GET /api/offline-pages: what the service worker keeps for the person signed in, and who that is
 * (`readerKey`, the X-Offline-Key every page names its reader by: a keyed digest, never the account's id).
 */
export const offlinePagesSchema = z.strictObject({
  readerKey: z.string().min(1),
  pages: z.array(z.string().startsWith('/')),
});
export type OfflinePages = z.infer<typeof offlinePagesSchema>;

/** The answer header naming a page's reader for the service worker; "none" when nobody is signed in. */
export const OFFLINE_READER_HEADER = 'X-Offline-Key';
export const NO_READER = 'none';

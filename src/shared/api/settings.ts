// The calls of /settings: a person's own sessions and password.
import { z } from 'zod';

/** One of the signed-in person's sessions (GET /api/sessions). */
const ownSessionSchema = z.strictObject({
  /** A short, stable name of the session (never its secret id). */
  handle: z.string(),
  /** The browser and system, e.g. "Firefox on macOS". */
  browser: z.string(),
  since: z.iso.datetime(),
  lastSeen: z.iso.datetime(),
  address: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
export const ownSessionsSchema = z.array(ownSessionSchema);

/** POST /api/password. */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024),
  newPassword: z.string({ error: 'New password is required' }).min(1, 'New password is required').max(1024),
});

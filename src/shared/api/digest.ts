// The answer of POST /api/scheduled/send-digests (the hourly digest pass the scheduled function asks the
// site to run): counts only, never who got what.
import { z } from 'zod';

export const digestPassSummarySchema = z.strictObject({
  /** The UTC hours handled (unfinished earlier ones first), as ISO times. */
  hours: z.array(z.iso.datetime()),
  /** People whose digest hour it was. */
  considered: z.number().int().min(0),
  nothingToDo: z.number().int().min(0),
  /** Claimed by another pass, or sent already today. */
  alreadyClaimed: z.number().int().min(0),
  sent: z.number().int().min(0),
  /** Refused by the mail server: retried by a later pass. */
  failed: z.number().int().min(0),
  /** False when the time budget ran out: the next pass goes on. */
  finished: z.boolean(),
  /** Why nothing was tried (no SMTP_URL), or null. */
  skipped: z.string().nullable(),
});
export type DigestPassSummary = z.infer<typeof digestPassSummarySchema>;

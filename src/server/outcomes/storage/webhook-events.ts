/**
 * The CRM events already taken, `ramp-outcome-events/<digest of the event id>`: create-only, so an event
 * sent twice (a replay, or the CRM's own retry) is taken once. Kept after its outcome is deleted, so a
 * replayed event never brings a deleted outcome back.
 */
import { z } from 'zod';
import { readJSON, remove, writeJSON } from '~/server/storage/blobs';
import { digest, key } from '~/server/storage/keys';

const storedWebhookEventSchema = z.strictObject({ userId: z.string(), milestone: z.string(), at: z.iso.datetime() });

const eventKey = (eventId: string) => key('ramp-outcome-events', digest(eventId));

export const webhookEvents = {
  seen: async (eventId: string): Promise<boolean> => (await readJSON(eventKey(eventId), storedWebhookEventSchema)) !== null,

  /** Create-only: false when the event was taken already. */
  take: (eventId: string, event: z.infer<typeof storedWebhookEventSchema>) =>
    writeJSON(eventKey(eventId), storedWebhookEventSchema, event, { onlyIfNew: true }),

  /** Frees an event whose outcome could not be stored, so the CRM's retry is taken. */
  forget: (eventId: string) => remove(eventKey(eventId)),
};

/**
 * Program assignments as create-only events, `program-assignments/<user>/<eventId>.<action>.<programId>.<startDate>`:
 * assigning, moving the start date or switching program is an `assign` event, ending an assignment an `end`
 * event. The key says what the event did, so the active assignment comes from one listing; the body keeps
 * who did it and why, for the history. The latest event says what is active, so two administrators
 * assigning at once leave exactly one active assignment (the later) and the history keeps both.
 */
import { z } from 'zod';
import { listKeys, mapLimit, readJSON, writeJSON } from '~/server/storage/blobs';
import { key, lastSegment, parseEventTime, prefix } from '~/server/storage/keys';

type AssignmentAction = 'assign' | 'end';

/** An event as its key records it. */
export interface AssignmentEvent {
  id: string;
  action: AssignmentAction;
  programId: string;
  /** YYYY-MM-DD; on `end`, the start date of the assignment that ended. */
  startDate: string;
  at: Date;
}

const storedAssignmentDetailSchema = z.strictObject({
  by: z.strictObject({ id: z.string(), name: z.string() }),
  reason: z.string().nullable(),
});
type AssignmentDetail = z.infer<typeof storedAssignmentDetailSchema>;

/** An event with who did it and why. */
export type AssignmentRecord = AssignmentEvent & AssignmentDetail;

const eventKey = (userId: string, event: AssignmentEvent) =>
  key('program-assignments', userId, `${event.id}.${event.action}.${event.programId}.${event.startDate}`);

function parseEventKey(blobKey: string): AssignmentEvent | null {
  const [id, action, programId, startDate] = lastSegment(blobKey).split('.');
  const at = id === undefined ? null : parseEventTime(id);
  if (!at || (action !== 'assign' && action !== 'end') || !programId || !/^\d{4}-\d{2}-\d{2}$/.test(startDate ?? '')) return null;
  return { id: id!, action, programId, startDate: startDate!, at };
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const assignments = {
  add: (userId: string, event: AssignmentEvent, detail: AssignmentDetail) =>
    writeJSON(eventKey(userId, event), storedAssignmentDetailSchema, detail, { onlyIfNew: true }),

  /** Every event of a person, oldest first, from the keys alone. */
  async events(userId: string): Promise<AssignmentEvent[]> {
    const keys = await listKeys(prefix('program-assignments', userId));
    return keys.flatMap((blobKey) => parseEventKey(blobKey) ?? []).sort(byId);
  },

  /** The listed events with who did it and why, oldest first. */
  async history(userId: string, events: readonly AssignmentEvent[]): Promise<AssignmentRecord[]> {
    const records = await mapLimit(events, async (event) => {
      const detail = await readJSON(eventKey(userId, event), storedAssignmentDetailSchema);
      return detail ? { ...event, ...detail } : null;
    });
    return records.filter((record) => record !== null);
  },
};

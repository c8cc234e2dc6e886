/**
 * Which program is active for a person, and recording a change: the part of assigning that needs no
 * content (the operator's CLI uses it outside Astro, with the program ids read from content/programs).
 */
import { dayOf, isoDay } from '~/shared/review/days';
import { HttpError } from '~/server/errors';
import { withinRetryWindow } from '~/server/retries';
import { factEventId } from '~/server/storage/keys';
import { journal } from '~/server/journal/journal';
import type { Assignment } from './plan';
import { assignments, type AssignmentEvent } from './storage/assignments';

/** The active assignment: the latest event, unless it ended one. */
export function activeAssignment(events: readonly AssignmentEvent[]): Assignment | null {
  const latest = events.at(-1);
  return latest?.action === 'assign' ? { programId: latest.programId, startDate: latest.startDate } : null;
}

const EARLIEST_START = '2015-01-01';
const LATEST_START_DAYS = 90;

/** 400 for a start date before 2015-01-01 or more than 90 days ahead. */
function checkStartDate(startDate: string, now: Date): void {
  if (startDate < EARLIEST_START) throw new HttpError(400, `startDate must be on or after ${EARLIEST_START}`);
  if (startDate > isoDay(dayOf(now) + LATEST_START_DAYS))
    throw new HttpError(400, `startDate must be at most ${LATEST_START_DAYS} days from today`);
}

/**
 * A change's id, derived from what it does and the event it follows: a retry after its stored event was
 * lost (its journal entry landed) journals the same fact, which the team figures count once.
 */
const changeId = (
  now: Date,
  userId: string,
  action: 'assign' | 'end',
  programId: string,
  startDate: string,
  after: AssignmentEvent | undefined,
) => factEventId(now, 'plan', userId, action, programId, startDate, after?.id ?? 'first');

/** Who changes an assignment: an administrator, or the operator at the command line. */
export interface Changer {
  id: string;
  name: string;
}

/**
 * Records an assignment of an existing program (or a moved start, or a switch): 409 for a disabled
 * person, 400 for a start date out of range; one create-only event, journaled for the team figures.
 * The same program from the same start as the active assignment is a repeat (a retry, a double click):
 * it records nothing new and, within the retry window, journals the active event again under its own id,
 * which completes a first try whose journal entry failed and is a no-op otherwise.
 */
export async function recordAssignment(
  by: Changer,
  person: { id: string; username: string; disabled: boolean },
  events: readonly AssignmentEvent[],
  programId: string,
  startDate: string | undefined,
  now: Date,
): Promise<AssignmentEvent> {
  if (person.disabled) throw new HttpError(409, `${person.username} is disabled: enable the account before assigning a program`);
  const start = startDate ?? isoDay(dayOf(now));
  checkStartDate(start, now);
  const latest = events.at(-1);
  const repeated = latest?.action === 'assign' && latest.programId === programId && latest.startDate === start;
  const event: AssignmentEvent = repeated
    ? latest
    : { id: changeId(now, person.id, 'assign', programId, start, latest), action: 'assign', programId, startDate: start, at: now };
  const journaled =
    (!repeated || withinRetryWindow(event.at, now)) &&
    journal.add(person.id, { kind: 'plan', programId, startDate: start, ended: false, recordedAt: event.at.toISOString() }, event.id);
  await Promise.all([repeated ? null : assignments.add(person.id, event, { by: { id: by.id, name: by.name }, reason: null }), journaled]);
  return event;
}

/** Ends the active assignment with a reason; 404 when there is none. */
export async function recordEnd(
  by: Changer,
  person: { id: string; username: string },
  events: readonly AssignmentEvent[],
  reason: string,
  now: Date,
): Promise<void> {
  const active = activeAssignment(events);
  if (!active) throw new HttpError(404, `${person.username} has no active program`);
  const event: AssignmentEvent = {
    id: changeId(now, person.id, 'end', active.programId, active.startDate, events.at(-1)),
    action: 'end',
    ...active,
    at: now,
  };
  await Promise.all([
    assignments.add(person.id, event, { by: { id: by.id, name: by.name }, reason }),
    journal.add(person.id, { kind: 'plan', ...active, ended: true, recordedAt: now.toISOString() }, event.id),
  ]);
}

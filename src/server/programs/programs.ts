/**
 * Onboarding programs (docs/product.md "Onboarding programs"): the programs, a person's plan, assigning
 * and ending a program, signing items off. Completion is never stored: a plan is computed from what is
 * already recorded (./plan.ts); only the assignment events, sign-offs and issued certificates are ours.
 */
import type { PlanResponse, ProgramRow, SignoffResponse } from '~/shared/api/programs';
import { getProgram, getPrograms, type Program } from '~/server/content/programs';
import type { PublicUser } from '~/shared/api/users';
import { inBackground } from '~/server/background';
import { existingUserWith } from '~/server/accounts/accounts';
import type { StoredUser } from '~/server/accounts/user-record';
import { withinRetryWindow } from '~/server/retries';
import { HttpError } from '~/server/errors';
import { factEventId } from '~/server/storage/keys';
import { journal } from '~/server/journal/journal';
import type { ReviewState } from '~/server/review/review-state';
import { listEvidence, readEvidence, type ListedEvidence } from './evidence';
import { activeAssignment, recordAssignment, recordEnd } from './assignment';
import { computePlan, type Assignment, type Plan, type PlanEvidence } from './plan';
import { assignments, type AssignmentEvent } from './storage/assignments';
import { certificates } from './storage/certificates';
import { signoffs, type StoredSignoff } from './storage/signoffs';

/** GET /api/programs. */
export async function listPrograms(): Promise<ProgramRow[]> {
  return (await getPrograms()).map(({ id, title, role, lengthDays, items }) => ({ id, title, role, lengthDays, items: items.length }));
}

/** What a person's plan is computed from, read at once. */
export interface PlanRecords {
  events: AssignmentEvent[];
  evidence: PlanEvidence;
  /** The person's time zone (their preferences), whose calendar days the due dates are; null: UTC. */
  timeZone: string | null;
}

/** The first of reading a person's plan records' two round trips: the listings. */
export async function listPlanRecords(
  userId: string,
  now: Date,
  review?: Promise<ReviewState>,
): Promise<{ events: AssignmentEvent[]; listed: ListedEvidence }> {
  const [events, listed] = await Promise.all([assignments.events(userId), listEvidence(userId, now, review)]);
  return { events, listed };
}

/** A person's active assignment (program and start date), or null: what other domains count days from. */
export async function activeAssignmentOf(userId: string): Promise<Assignment | null> {
  return activeAssignment(await assignments.events(userId));
}

/** `review`: the person's review state when the page reads it anyway (the home page). */
export async function readPlanRecords(userId: string, now: Date, review?: Promise<ReviewState>): Promise<PlanRecords> {
  return planRecordsOf(await listPlanRecords(userId, now, review));
}

/** The second of the two round trips, for a caller that checks something once the listings are in (the calendar feed's token). */
export async function planRecordsOf({ events, listed }: Awaited<ReturnType<typeof listPlanRecords>>): Promise<PlanRecords> {
  return { events, evidence: await readEvidence(listed), timeZone: listed.review.timeZone };
}

/** Records a certificate the first time a plan is seen complete (after the answer: nobody waits for it). */
function issueCertificate(userId: string, assignment: Assignment, issuedAt: Date): void {
  inBackground('certificate', async () => {
    const recorded = { kind: 'certificate', ...assignment, recordedAt: issuedAt.toISOString() } as const;
    await certificates.add(userId, { ...assignment, issuedAt: issuedAt.toISOString() });
    await journal.add(userId, recorded);
  });
}

/** A person's plan from their records; null without an active program (or one no longer in the content). */
export async function planFromRecords(userId: string, records: PlanRecords, now: Date): Promise<Plan | null> {
  const assignment = activeAssignment(records.events);
  const program = assignment ? await getProgram(assignment.programId) : null;
  if (!assignment || !program) return null;
  const plan = computePlan(program, assignment, records.evidence, now, records.timeZone);
  if (plan.certificateToIssue) issueCertificate(userId, assignment, plan.certificateToIssue);
  return plan;
}

/** GET /api/plan's answer. */
export function planResponse(plan: Plan | null): PlanResponse {
  if (!plan) return { program: null, startDate: null, day: null, items: [], certificate: null };
  return {
    program: { id: plan.program.id, title: plan.program.title },
    startDate: plan.startDate,
    day: plan.day,
    items: plan.items.map(({ id, title, kind, required, dueDate, status, doneAt, testedOut, href }) => ({
      id,
      title,
      kind,
      required,
      dueDate,
      status,
      doneAt,
      testedOut,
      href,
    })),
    certificate: plan.certificate,
  };
}

// ---------------------------------------------------------------------------------------------
// Administrators' changes

async function requireProgram(programId: string): Promise<Program> {
  const program = await getProgram(programId);
  if (!program) throw new HttpError(404, `No program ${programId}`);
  return program;
}

/** The person a change is about, as the route read them (beside the session check): their record and plan records. */
export interface Person {
  user: Pick<PublicUser, 'id' | 'username' | 'name'> & { disabled: boolean };
  /** Their plan records' listings (the bodies are read beside the change). */
  records: Promise<Awaited<ReturnType<typeof listPlanRecords>>>;
}

/**
 * Assigns a program (or moves the start, or switches program): one create-only event, journaled for the
 * team figures, written beside the rest of the person's records being read; answers their plan.
 */
export async function assignProgram(
  by: Pick<PublicUser, 'id' | 'name'>,
  person: Person,
  request: { programId: string; startDate?: string | undefined },
  now: Date,
): Promise<Plan> {
  const program = await requireProgram(request.programId);
  // The write goes out with the bodies, once the listings are in: one round trip for both.
  const { events, listed } = await person.records;
  const [evidence, event] = await Promise.all([
    readEvidence(listed),
    recordAssignment(by, person.user, events, program.id, request.startDate, now),
  ]);
  const current = events.at(-1) === event ? events : [...events, event];
  const plan = await planFromRecords(person.user.id, { evidence, events: current, timeZone: listed.review.timeZone }, now);
  return plan!;
}

/** Ends the active assignment with a reason; 404 when there is none. */
export async function endAssignment(by: Pick<PublicUser, 'id' | 'name'>, person: SignoffReads, reason: string, now: Date): Promise<void> {
  await recordEnd(by, person.user, await person.events, reason, now);
}

/** What ending an assignment or signing off reads beside the session check: the person's events and sign-offs. */
export interface SignoffReads {
  user: Person['user'];
  events: Promise<AssignmentEvent[]>;
  signed: Promise<Set<string>>;
}

/** Reads started beside the session check settle quietly until they are awaited. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

const personOf = (user: StoredUser): Person['user'] => ({ id: user.id, username: user.username, name: user.name, disabled: user.disabled });

/** The person an assignment names (404 for an unknown username), their plan records read as soon as their id is known. */
export async function personByUsername(username: string, now: Date): Promise<Person> {
  const { user, reads } = await existingUserWith(username, (id) => quiet(listPlanRecords(id, now)));
  return { user: personOf(user), records: reads };
}

/** The person a sign-off or an ending names, with their events and sign-offs read as soon as their id is known. */
export async function signoffReadsOf(username: string): Promise<SignoffReads> {
  const { user, reads } = await existingUserWith(username, (id) => ({
    events: quiet(assignments.events(id)),
    signed: quiet(signoffs.signed(id)),
  }));
  return { user: personOf(user), ...reads };
}

const signoffResponse = (username: string, signoff: StoredSignoff): SignoffResponse => ({
  username,
  programId: signoff.programId,
  itemId: signoff.itemId,
  by: signoff.by.name,
  note: signoff.note,
  at: signoff.at,
});

/**
 * Signs off a sign-off item of the person's active program: create-only and journaled, so sending it
 * twice stores it once; the second call answers the first sign-off (`created` false) and journals it
 * again under the same id, completing a first call that failed half-way.
 */
export async function signOff(
  by: Pick<PublicUser, 'id' | 'name'>,
  person: SignoffReads,
  request: { itemId: string; note?: string | undefined },
  now: Date,
): Promise<{ signoff: SignoffResponse; created: boolean }> {
  const [events, signed] = await Promise.all([person.events, person.signed]);
  const active = activeAssignment(events);
  const program = active ? await getProgram(active.programId) : null;
  const item = program?.items.find((candidate) => candidate.id === request.itemId && candidate.kind === 'signoff');
  if (!active || !program || !item)
    throw new HttpError(400, `itemId: ${request.itemId} is not a sign-off of ${person.user.username}'s program`);
  const { id: userId } = person.user;
  const journaled = (signoff: StoredSignoff) =>
    journal.add(userId, { kind: 'signoff', programId: program.id, itemId: item.id, recordedAt: signoff.at }, signoff.journalId);
  if (signed.has(`${program.id}/${item.id}`)) {
    const existing = (await signoffs.get(userId, program.id, item.id))!;
    // Journaled again under its own id (a no-op once it is there): completes a first call that failed half-way.
    if (withinRetryWindow(new Date(existing.at), now)) inBackground('sign-off journal', () => journaled(existing));
    return { signoff: signoffResponse(person.user.username, existing), created: false };
  }
  const signoff: StoredSignoff = {
    programId: program.id,
    itemId: item.id,
    by: { id: by.id, name: by.name },
    note: request.note?.trim() || null,
    at: now.toISOString(),
    // Derived from the item: a retry after the sign-off's record was lost journals the same fact again.
    journalId: factEventId(now, 'signoff', userId, program.id, item.id),
  };
  const [created] = await Promise.all([signoffs.add(userId, signoff), journaled(signoff)]);
  if (created) return { signoff: signoffResponse(person.user.username, signoff), created: true };
  // Another administrator signed it off a moment ago: theirs is the one that counts.
  const first = (await signoffs.get(userId, program.id, item.id)) ?? signoff;
  return { signoff: signoffResponse(person.user.username, first), created: false };
}

/**
 * Ramp outcomes (docs/product.md "Ramp milestones"): the milestones a person has reached, recorded by
 * them, an administrator, a CSV upload or the CRM webhook; counted from the start date of their program
 * assignment, which the programs domain keeps. One outcome per person and milestone.
 */
import type { MilestoneRow, Outcome, OutcomesResponse, RecordOutcomeRequest } from '~/shared/api/outcomes';
import type { PublicUser } from '~/shared/api/users';
import { existingUserWith, listUsers } from '~/server/accounts/accounts';
import { normalizeUsername } from '~/server/accounts/usernames';
import { accountById } from '~/server/accounts/accounts';
import { getRampMilestones, milestonesOfProgram, type RampMilestone } from '~/server/content/outcomes';
import { HttpError } from '~/server/errors';
import { activeAssignmentOf } from '~/server/programs/programs';
import { mapLimit } from '~/server/storage/blobs';
import { checkCsvRows, parseOutcomesCsv, type RowProblem } from './csv';
import { latestToday, milestoneRows } from './timing';
import { outcomes, type StoredOutcome } from './storage/outcomes';
import { webhookEvents } from './storage/webhook-events';

/** Who records: an administrator, the person themself, or the CRM webhook (its signature checked by the route). */
export type Caller = { kind: 'admin' | 'self'; user: Pick<PublicUser, 'id' | 'name' | 'username'> } | { kind: 'webhook' };

export const WEBHOOK_RECORDER = 'CRM webhook';
export const ONLY_YOUR_OWN = 'You can record and see only your own milestones.';

/** An outcome's id: the person's account id and the milestone (neither has a '.'). */
const outcomeId = (userId: string, milestone: string) => `${userId}.${milestone}`;

function outcomeOf(userId: string, username: string, stored: StoredOutcome): Outcome {
  const { milestone, date, note, eventId, recordedBy, recordedAt } = stored;
  return { id: outcomeId(userId, milestone), username, milestone, date, note, eventId, recordedBy: recordedBy.name, recordedAt };
}

function requireOwn(caller: Caller, username: string): void {
  if (caller.kind === 'self' && normalizeUsername(username) !== caller.user.username) throw new HttpError(403, ONLY_YOUR_OWN);
}

/** The milestone, for this person's role, on a date between their start and today; the HttpError naming what is wrong otherwise. */
async function checkedMilestone(
  username: string,
  request: Pick<RecordOutcomeRequest, 'milestone' | 'date'>,
  assignment: { programId: string; startDate: string } | null,
  now: Date,
): Promise<RampMilestone> {
  const milestone = (await getRampMilestones()).find((candidate) => candidate.id === request.milestone);
  if (!milestone) throw new HttpError(400, `milestone: no milestone ${request.milestone}`);
  if (!assignment) throw new HttpError(409, `${username} has no program, so no start date to count from`);
  if (!milestone.programs.includes(assignment.programId))
    throw new HttpError(400, `milestone: ${milestone.id} is not a milestone of ${username}'s role`);
  if (request.date > latestToday(now)) throw new HttpError(400, `date: ${request.date} is in the future`);
  if (request.date < assignment.startDate)
    throw new HttpError(400, `date: ${request.date} is before ${username}'s start date ${assignment.startDate}`);
  return milestone;
}

const REPLAYED = (eventId: string) => `Event ${eventId} was received already: nothing was stored.`;

/**
 * Records a milestone reached. The same milestone on the same date again answers the outcome there
 * (created false); on another date it is 409: delete the first to change it. A webhook call needs an
 * event id, and an id received before is refused (409) without storing anything.
 */
export async function recordOutcome(
  caller: Caller,
  request: RecordOutcomeRequest,
  now: Date,
): Promise<{ outcome: Outcome; created: boolean }> {
  requireOwn(caller, request.username);
  const eventId = request.eventId ?? null;
  if (caller.kind === 'webhook' && eventId === null) throw new HttpError(400, 'eventId is required on a webhook call');
  const replayed = eventId !== null && caller.kind === 'webhook' ? webhookEvents.seen(eventId) : Promise.resolve(false);
  replayed.catch(() => undefined); // awaited below
  const { user, reads } = await existingUserWith(request.username, (id) =>
    Promise.all([activeAssignmentOf(id), outcomes.get(id, request.milestone)]),
  );
  const [[assignment, existing], seen] = await Promise.all([reads, replayed]);
  if (seen) throw new HttpError(409, REPLAYED(eventId!));
  await checkedMilestone(user.username, request, assignment, now);
  if (existing) {
    if (existing.date !== request.date)
      throw new HttpError(
        409,
        `${user.username} reached ${request.milestone} on ${existing.date} already: delete that outcome first to change it`,
      );
    if (
      caller.kind === 'webhook' &&
      !(await webhookEvents.take(eventId!, { userId: user.id, milestone: request.milestone, at: now.toISOString() }))
    )
      throw new HttpError(409, REPLAYED(eventId!));
    return { outcome: outcomeOf(user.id, user.username, existing), created: false };
  }
  const stored: StoredOutcome = {
    milestone: request.milestone,
    date: request.date,
    note: request.note?.trim() || null,
    eventId,
    recordedBy: caller.kind === 'webhook' ? { id: null, name: WEBHOOK_RECORDER } : { id: caller.user.id, name: caller.user.name },
    recordedAt: now.toISOString(),
  };
  const take =
    caller.kind === 'webhook'
      ? webhookEvents.take(eventId!, { userId: user.id, milestone: stored.milestone, at: stored.recordedAt })
      : true;
  const [added, taken] = await Promise.all([outcomes.add(user.id, stored), take]);
  if (!taken) throw new HttpError(409, REPLAYED(eventId!)); // the same event, a moment ago: its outcome is that call's
  if (added) return { outcome: outcomeOf(user.id, user.username, stored), created: true };
  // Somebody recorded it a moment ago: theirs is the one that counts.
  const first = (await outcomes.get(user.id, stored.milestone)) ?? stored;
  return { outcome: outcomeOf(user.id, user.username, first), created: false };
}

/** A person's recorded outcomes, read beside their page's other reads (none for a malformed account id). */
export async function recordedOutcomesOf(userId: string): Promise<StoredOutcome[]> {
  return /^[A-Za-z0-9-]{1,64}$/.test(userId) ? outcomes.of(userId) : [];
}

/** A person's role milestones with what they reached (for their pages): none without a program. */
export async function rampRowsOf(
  user: { id: string; username: string },
  assignment: { programId: string; startDate: string } | null,
  recorded: readonly StoredOutcome[],
): Promise<MilestoneRow[]> {
  if (!assignment) return [];
  const reached = recorded.map((stored) => outcomeOf(user.id, user.username, stored));
  return milestoneRows(await milestonesOfProgram(assignment.programId), assignment.startDate, reached);
}

/** GET /api/outcomes?username=: the person's start, their role's milestones, every outcome recorded. */
export async function listOutcomes(caller: Caller, username: string): Promise<OutcomesResponse> {
  requireOwn(caller, username);
  const { user, reads } = await existingUserWith(username, (id) => Promise.all([activeAssignmentOf(id), outcomes.of(id)]));
  const [assignment, recorded] = await reads;
  const all = recorded.map((stored) => outcomeOf(user.id, user.username, stored)).sort((a, b) => a.date.localeCompare(b.date));
  const milestones: MilestoneRow[] = assignment
    ? milestoneRows(await milestonesOfProgram(assignment.programId), assignment.startDate, all)
    : [];
  return {
    username: user.username,
    programId: assignment?.programId ?? null,
    startDate: assignment?.startDate ?? null,
    milestones,
    outcomes: all,
  };
}

/** DELETE /api/outcomes/{id}: 404 for an id that names no recorded outcome. */
export async function deleteOutcome(id: string): Promise<void> {
  const [userId = '', milestone = '', ...rest] = id.split('.');
  const found =
    rest.length === 0 &&
    /^[A-Za-z0-9-]{1,64}$/.test(userId) &&
    /^[a-z0-9-]{1,48}$/.test(milestone) &&
    (await outcomes.get(userId, milestone));
  if (!found) throw new HttpError(404, `No outcome ${id.slice(0, 120)}`);
  await outcomes.remove(userId, milestone);
}

export type CsvImport = { added: number; unchanged: number } | { error: string; rows: RowProblem[] };

/**
 * POST /api/outcomes/csv: every row checked against the people, their programs, the milestones and what is
 * recorded; the file stored only when every row is right. Rows recorded already with the same date are
 * unchanged, so uploading a file again stores nothing.
 */
export async function importOutcomesCsv(by: Pick<PublicUser, 'id' | 'name'>, bytes: Uint8Array, now: Date): Promise<CsvImport> {
  const parsed = parseOutcomesCsv(bytes);
  if ('error' in parsed) return { error: parsed.error, rows: parsed.problems };
  const named = new Set(parsed.rows.map((row) => row.username));
  const accounts = (await listUsers()).filter((user) => named.has(user.username));
  const found = await mapLimit(accounts, async (user) => {
    const [assignment, recorded] = await Promise.all([activeAssignmentOf(user.id), outcomes.of(user.id)]);
    return { user, assignment, recorded };
  });
  const checked = checkCsvRows(parsed.rows, {
    people: new Map(
      found.map(({ user, assignment }) => [
        user.username,
        { id: user.id, programId: assignment?.programId ?? null, startDate: assignment?.startDate ?? null },
      ]),
    ),
    milestones: await getRampMilestones(),
    recorded: new Map(
      found.flatMap(({ user, recorded }) => recorded.map((stored) => [`${user.id}/${stored.milestone}`, stored.date] as const)),
    ),
    today: latestToday(now),
  });
  if ('error' in checked) return { error: checked.error, rows: checked.problems };
  const recordedAt = now.toISOString();
  const added = await mapLimit(checked.add, (row) =>
    outcomes.add(row.userId, {
      milestone: row.milestone,
      date: row.date,
      note: null,
      eventId: null,
      recordedBy: { id: by.id, name: by.name },
      recordedAt,
    }),
  );
  // A row somebody recorded between the check and the write keeps theirs: it is unchanged, not added.
  const stored = added.filter(Boolean).length;
  return { added: stored, unchanged: checked.unchanged + (added.length - stored) };
}

/** A person's account by id, for the pages' forms: 404 when there is none. */
export async function personForForm(userId: string): Promise<Pick<PublicUser, 'id' | 'username'>> {
  const user = /^[A-Za-z0-9-]{1,64}$/.test(userId) ? await accountById(userId) : null;
  if (!user) throw new HttpError(404, 'No such team member');
  return { id: user.id, username: user.username };
}

/**
 * Ramp outcomes (docs/product.md "Ramp milestones"): the milestones a person has reached, recorded by
 * them, an administrator, a CSV upload or the CRM webhook; counted from the start date of their program
 * assignment, which the programs domain keeps. One outcome per person and milestone.
 */
import type { MilestoneRow, Outcome, OutcomesResponse, RecordOutcomeRequest } from '~/shared/api/outcomes';
import type { PublicUser } from '~/shared/api/users';
import { accountById, existingUserWith } from '~/server/accounts/accounts';
import { normalizeUsername } from '~/server/accounts/usernames';
import { isAccountId } from '~/shared/routes';
import { getRampMilestones, milestonesOfProgram, type RampMilestone } from '~/server/content/outcomes';
import { HttpError } from '~/server/errors';
import { activeAssignmentOf } from '~/server/programs/programs';
import { mapLimit } from '~/server/storage/blobs';
import { checkCsvRows, parseOutcomesCsv, type CheckedRow, type RowProblem } from './csv';
import { latestToday, milestoneRows } from './timing';
import { outcomes, type OutcomesVersion, type StoredOutcome } from './storage/outcomes';
import { webhookEvents } from './storage/webhook-events';

/** Who records: an administrator, the person themself, or the CRM webhook (its signature checked by the route). */
export type Caller = { kind: 'admin' | 'self'; user: Pick<PublicUser, 'id' | 'name' | 'username'> } | { kind: 'webhook' };

const WEBHOOK_RECORDER = 'CRM webhook';
const ONLY_YOUR_OWN = 'You can record and see only your own milestones.';

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
const BUSY = (username: string) => `${username}'s milestones are being changed by someone else; try again.`;
const WRITE_ATTEMPTS = 5;

/**
 * Records a milestone reached. The same milestone on the same date again answers the outcome there
 * (created false); on another date it is 409: delete the first to change it. A webhook call needs an
 * event id; an event id received before (from any caller) is refused (409) without storing anything.
 */
export async function recordOutcome(
  caller: Caller,
  request: RecordOutcomeRequest,
  now: Date,
): Promise<{ outcome: Outcome; created: boolean }> {
  requireOwn(caller, request.username);
  const eventId = request.eventId ?? null;
  if (caller.kind === 'webhook' && eventId === null) throw new HttpError(400, 'eventId is required on a webhook call');
  const replayed = eventId === null ? Promise.resolve(false) : webhookEvents.seen(eventId);
  replayed.catch(() => undefined); // awaited below
  const { user, reads } = await existingUserWith(request.username, (id) => Promise.all([activeAssignmentOf(id), outcomes.read(id)]));
  const [[assignment, firstRead], seen] = await Promise.all([reads, replayed]);
  if (seen) throw new HttpError(409, REPLAYED(eventId!));
  await checkedMilestone(user.username, request, assignment, now);
  const stored: StoredOutcome = {
    milestone: request.milestone,
    date: request.date,
    note: request.note?.trim() || null,
    eventId,
    recordedBy: caller.kind === 'webhook' ? { id: null, name: WEBHOOK_RECORDER } : { id: caller.user.id, name: caller.user.name },
    recordedAt: now.toISOString(),
  };
  // The event is taken beside the first write: a second call with it finds it taken, whatever became of the first.
  const taken =
    eventId === null
      ? Promise.resolve(true)
      : webhookEvents.take(eventId, { userId: user.id, milestone: stored.milestone, at: stored.recordedAt });
  taken.catch(() => undefined); // awaited below
  try {
    let read: OutcomesVersion = firstRead;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      if (attempt > 0) read = await outcomes.read(user.id);
      const existing = read.list.find((outcome) => outcome.milestone === stored.milestone);
      if (existing && existing.date !== stored.date)
        throw new HttpError(
          409,
          `${user.username} reached ${stored.milestone} on ${existing.date} already: delete that outcome first to change it`,
        );
      const written = existing ? true : await outcomes.write(user.id, [...read.list, stored], read);
      if (!(await taken)) throw new HttpError(409, REPLAYED(eventId!)); // the same event a moment ago: its outcome is that call's
      if (written) return { outcome: outcomeOf(user.id, user.username, existing ?? stored), created: !existing };
    }
    throw new HttpError(409, BUSY(user.username));
  } catch (error) {
    // Not stored: the event is freed for the CRM's retry (unless this call was the replay).
    if (eventId !== null && !(error instanceof HttpError && error.message === REPLAYED(eventId)) && (await taken.catch(() => false)))
      await webhookEvents.forget(eventId).catch(() => undefined);
    throw error;
  }
}

/** A person's recorded outcomes, read beside their page's other reads (none for a malformed account id). */
export async function recordedOutcomesOf(userId: string): Promise<StoredOutcome[]> {
  return isAccountId(userId) ? (await outcomes.read(userId)).list : [];
}

/** Every person's recorded outcomes by account id, for the team's ramp chart: milestone and date. */
export async function everyonesOutcomes(): Promise<Map<string, ReadonlyMap<string, string>>> {
  const all = await outcomes.readEveryone();
  return new Map([...all].map(([userId, reached]) => [userId, new Map(Object.entries(reached))]));
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

/** What GET /api/outcomes reads, started beside the session check (it only reads; the answer waits for who asks). */
export function readOutcomesOf(username: string) {
  const reading = existingUserWith(username, (id) => Promise.all([activeAssignmentOf(id), outcomes.read(id)]));
  reading.catch(() => undefined); // awaited by listOutcomes, or dropped with the request
  return reading;
}

/** GET /api/outcomes?username=: the person's start, their role's milestones, every outcome recorded (403 for anybody else's). */
export async function listOutcomes(caller: Caller, username: string, reading = readOutcomesOf(username)): Promise<OutcomesResponse> {
  requireOwn(caller, username);
  const { user, reads } = await reading;
  const [assignment, { list }] = await reads;
  const all = list.map((stored) => outcomeOf(user.id, user.username, stored)).sort((a, b) => a.date.localeCompare(b.date));
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
  const notFound = new HttpError(404, `No outcome ${id.slice(0, 120)}`);
  if (rest.length > 0 || !isAccountId(userId)) throw notFound;
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const read = await outcomes.read(userId);
    const kept = read.list.filter((outcome) => outcome.milestone !== milestone);
    if (kept.length === read.list.length) throw notFound;
    if (await outcomes.write(userId, kept, read)) return;
  }
  throw new HttpError(409, 'The milestones are being changed by someone else; try again.');
}

export type CsvImport = { added: number; unchanged: number } | { error: string; rows: RowProblem[] };

/** Adds a person's checked rows to their outcomes; a milestone somebody recorded meanwhile keeps theirs (unchanged). */
async function addRows(
  userId: string,
  rows: readonly CheckedRow[],
  firstRead: OutcomesVersion,
  by: StoredOutcome['recordedBy'],
  at: string,
) {
  let read = firstRead;
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    if (attempt > 0) read = await outcomes.read(userId);
    const there = new Set(read.list.map((outcome) => outcome.milestone));
    const added = rows
      .filter((row) => !there.has(row.milestone))
      .map((row): StoredOutcome => ({
        milestone: row.milestone,
        date: row.date,
        note: null,
        eventId: null,
        recordedBy: by,
        recordedAt: at,
      }));
    if (added.length === 0 || (await outcomes.write(userId, [...read.list, ...added], read))) return added.length;
  }
  throw new HttpError(409, 'Team members’ milestones are being changed by someone else; upload the file again.');
}

/**
 * POST /api/outcomes/csv: every row checked against the people, their programs, the milestones and what is
 * recorded; the file stored only when every row is right. Rows recorded already with the same date are
 * unchanged, so uploading a file again stores nothing.
 */
export async function importOutcomesCsv(by: Pick<PublicUser, 'id' | 'name'>, bytes: Uint8Array, now: Date): Promise<CsvImport> {
  const parsed = parseOutcomesCsv(bytes);
  if ('error' in parsed) return { error: parsed.error, rows: parsed.problems };
  const named = [...new Set(parsed.rows.map((row) => row.username))];
  const found = await mapLimit(named, async (username) => {
    try {
      const { user, reads } = await existingUserWith(username, (id) => Promise.all([activeAssignmentOf(id), outcomes.read(id)]));
      const [assignment, read] = await reads;
      return [{ user, assignment, read }];
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return []; // an unknown user: that row's problem
      throw error;
    }
  });
  const people = found.flat();
  const checked = checkCsvRows(parsed.rows, {
    people: new Map(
      people.map(({ user, assignment }) => [
        user.username,
        { id: user.id, programId: assignment?.programId ?? null, startDate: assignment?.startDate ?? null },
      ]),
    ),
    milestones: await getRampMilestones(),
    recorded: new Map(
      people.flatMap(({ user, read }) => read.list.map((stored) => [`${user.id}/${stored.milestone}`, stored.date] as const)),
    ),
    today: latestToday(now),
  });
  if ('error' in checked) return { error: checked.error, rows: checked.problems };
  const recordedBy = { id: by.id, name: by.name };
  const added = await mapLimit(
    people.filter(({ user }) => checked.add.some((row) => row.userId === user.id)),
    ({ user, read }) =>
      addRows(
        user.id,
        checked.add.filter((row) => row.userId === user.id),
        read,
        recordedBy,
        now.toISOString(),
      ),
  );
  const stored = added.reduce((sum, count) => sum + count, 0);
  return { added: stored, unchanged: checked.unchanged + (checked.add.length - stored) };
}

/** A person's account by id, for the pages' forms: 404 when there is none. */
export async function personForForm(userId: string): Promise<Pick<PublicUser, 'id' | 'username'>> {
  const user = isAccountId(userId) ? await accountById(userId) : null;
  if (!user) throw new HttpError(404, 'No such team member');
  return { id: user.id, username: user.username };
}

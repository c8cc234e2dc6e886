/**
 * The hourly digest pass (docs/decisions.md "E-mail digest"): to each person whose digest hour has just
 * begun on their clock, one message with what is waiting, when anything is. At most one a day per person:
 * a create-only claim is written before sending; a failed send records the try and releases the claim,
 * and a later pass retries (at most 3 tries a day, with backoff). A pass stops starting people when its
 * time budget is spent; the next pass finishes the hours left unfinished (each hour's progress is stored).
 */
import type { DigestPassSummary } from '~/shared/api/digest';
import type { Preferences } from '~/shared/api/preferences';
import { isAdmin } from '~/server/accounts/roles';
import { accountsByIds, accountVersions } from '~/server/accounts/people';
import { DEFAULT_PREFERENCES, storedPreferencesByUser } from '~/server/preferences/preferences';
import { siteUrl } from '~/server/config';
import { callsOfDay } from '~/server/calendar/calendar';
import { mailConfigured, sendMail } from '~/server/mail/transport';
import { planDigestFor } from '~/server/programs/plan-digest';
import { practiceDigestFor } from '~/server/practice/practice';
import { mapLimit } from '~/server/storage/blobs';
import { localTime } from '~/shared/time-zone';
import { digestCandidates, teamFiguresForDigest, type TeamFiguresForDigest } from './candidates';
import { composeDigest } from './compose';
import { digestOf, dueAt, unsubscribeHeaders, type DigestSources, type Recipient } from './recipient';
import { digestSends } from './storage/digest-sends';
import { teamDigest, type TeamDigest } from './team-digest';
import { unsubscribeUrl } from './unsubscribe';

const HOUR_MS = 60 * 60 * 1000;
/** People handled at once, and between two saves of the hour's progress. */
const BATCH = 32;
const MAX_TRIES = 3;
/** After the n-th failed try, wait this long before the next one. */
const BACKOFF_MS = [30 * 60 * 1000, 2 * HOUR_MS];
/** A scheduled function has about 30 seconds: no new batch is started after this. */
const DEFAULT_BUDGET_MS = 20_000;

export interface DigestPassOptions {
  now: Date;
  /** Composes and reports; sends and records nothing. */
  dryRun?: boolean;
  budgetMs?: number;
  /** Milliseconds since the pass began (tests move it). */
  elapsed?: () => number;
}

interface DigestOutcome {
  to: string;
  subject: string;
  result: 'sent' | 'failed' | 'planned';
}

export interface DigestPassResult {
  /** The UTC hours handled (unfinished earlier ones first), as ISO times. */
  hours: string[];
  considered: number;
  nothingToDo: number;
  /** Claimed by another pass, or sent already today. */
  alreadyClaimed: number;
  outcomes: DigestOutcome[];
  /** False when the budget ran out: the next pass goes on. */
  finished: boolean;
}

type Pass = DigestPassOptions & { sources: DigestSources; result: DigestPassResult; overBudget: () => boolean };

const hourKey = (at: Date) => ({ date: at.toISOString().slice(0, 10), hour: at.toISOString().slice(11, 13) });

/** How far back a pass finishes the hours an earlier one left unfinished: later, the digest is stale. */
const RESUME_HOURS = 3;

/** The UTC hours of the last few that a pass began and did not finish, oldest first, then this one. */
async function hoursToHandle(now: Date): Promise<Date[]> {
  const thisHour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const dayBefore = new Date(thisHour.getTime() - RESUME_HOURS * HOUR_MS);
  const dates = [...new Set([hourKey(dayBefore).date, hourKey(thisHour).date])];
  const passes = (await Promise.all(dates.map(async (date) => (await digestSends.passes(date)).map((pass) => ({ ...pass, date }))))).flat();
  const unfinished = passes
    .filter((pass) => !pass.done)
    .map((pass) => new Date(`${pass.date}T${pass.hour}:00:00.000Z`))
    .filter((at) => at.getTime() < thisHour.getTime() && at.getTime() > dayBefore.getTime());
  return [...unfinished.sort((a, b) => a.getTime() - b.getTime()), thisHour];
}

/** One person: composed, then (unless a dry run) claimed, sent and marked, or released after a failure. */
async function handle(recipient: Recipient, pass: Pass, tries = 0): Promise<void> {
  const { now, sources, result } = pass;
  const links = sources.links(recipient.user.id);
  const digest = composeDigest(await digestOf(recipient, now, sources), links);
  const to = recipient.user.username;
  if (!digest) return void result.nothingToDo++;
  if (pass.dryRun) return void result.outcomes.push({ to, subject: digest.subject, result: 'planned' });
  if (!(await digestSends.claim(recipient.date, recipient.user.id, now))) return void result.alreadyClaimed++;
  try {
    await sources.send({ to, subject: digest.subject, text: digest.text, html: digest.html, headers: unsubscribeHeaders(links) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`digest: sending to ${recipient.user.id} failed (try ${tries + 1} of ${MAX_TRIES})`, reason);
    await digestSends.release(recipient.date, recipient.user.id, tries + 1, now, reason);
    return void result.outcomes.push({ to, subject: digest.subject, result: 'failed' });
  }
  await digestSends.markSent(recipient.date, recipient.user.id, now, now, digest.subject);
  result.outcomes.push({ to, subject: digest.subject, result: 'sent' });
}

interface Everyone {
  ids: string[];
  preferences: Map<string, Preferences>;
}

const preferencesOf = (everyone: Everyone, id: string) => everyone.preferences.get(id) ?? DEFAULT_PREFERENCES;

type Due = NonNullable<ReturnType<typeof dueAt>>;

/** The people among `ids` with a digest due in the hour starting at `hourStart` (null: any of today's parts), in id order. */
function dueAmong(everyone: Everyone, ids: readonly string[], hourStart: Date | null, now: Date): Array<{ id: string; due: Due }> {
  return ids.flatMap((id) => {
    const due = hourStart ? dueAt(preferencesOf(everyone, id), hourStart) : retryDue(preferencesOf(everyone, id), now);
    return due ? [{ id, due }] : [];
  });
}

/** Those of them who may have something in their digest (the team's figures say): only they are read. */
async function likelyAmong(pass: Pass, everyone: Everyone, wanted: ReadonlyArray<{ id: string; due: Due }>) {
  const people = wanted.map(({ id, due }) => ({
    userId: id,
    preferences: preferencesOf(everyone, id),
    personal: due.personal,
    monday: due.monday,
  }));
  const likely = await pass.sources.candidates(people, pass.now);
  return wanted.filter((item) => likely.has(item.id));
}

/** Their user records: the enabled ones, with the parts they get. */
async function recipientsOf(everyone: Everyone, wanted: ReadonlyArray<{ id: string; due: Due }>): Promise<Recipient[]> {
  const records = await accountsByIds(wanted.map((item) => item.id));
  return wanted.flatMap(({ id, due }, index) => {
    const user = records[index];
    if (!user || user.disabled) return [];
    const team = isAdmin(user) && due.monday && preferencesOf(everyone, id).digest !== 'off';
    return due.personal || team ? [{ user, preferences: preferencesOf(everyone, id), date: due.date, personal: due.personal, team }] : [];
  });
}

/** A retry is of the person's day as it is now, with the parts that day had. */
function retryDue(prefs: Preferences, now: Date): Due | null {
  if (prefs.digest === 'off') return null;
  const local = localTime(now, prefs.timeZone);
  return { date: local.date, personal: prefs.digest === 'daily' || local.weekday === 1, monday: local.weekday === 1 };
}

/**
 * One hour's people from where an earlier pass stopped: those who may have something, in id order and in
 * batches, the progress saved after each.
 */
async function handleHour(hourStart: Date, everyone: Everyone, pass: Pass): Promise<boolean> {
  const { date, hour } = hourKey(hourStart);
  const through = pass.dryRun ? null : await digestSends.passProgress(date, hour);
  if (!pass.dryRun && through === null) await digestSends.savePassProgress(date, hour, null, pass.now);
  const wanted = dueAmong(
    everyone,
    everyone.ids.filter((id) => through === null || id > through),
    hourStart,
    pass.now,
  );
  const likely = await likelyAmong(pass, everyone, wanted);
  pass.result.considered += wanted.length;
  pass.result.nothingToDo += wanted.length - likely.length;
  for (let start = 0; start < likely.length; start += BATCH) {
    if (pass.overBudget()) return false;
    const batch = likely.slice(start, start + BATCH);
    const recipients = await recipientsOf(everyone, batch);
    await Promise.all(recipients.map((recipient) => handle(recipient, pass)));
    if (!pass.dryRun) await digestSends.savePassProgress(date, hour, batch.at(-1)!.id, pass.now);
  }
  if (!pass.dryRun) await digestSends.finishPass(date, hour, pass.now);
  return true;
}

/** Earlier failed sends of today whose backoff has passed and that have tries left. */
async function handleRetries(everyone: Everyone, pass: Pass): Promise<void> {
  const dates = [...new Set([-1, 0, 1].map((days) => new Date(pass.now.getTime() + days * 24 * HOUR_MS).toISOString().slice(0, 10)))];
  const failures = (await Promise.all(dates.map((date) => digestSends.failures(date)))).flat();
  const ready = failures.filter(
    (failure) => failure.tries < MAX_TRIES && pass.now.getTime() - failure.lastAt.getTime() >= BACKOFF_MS[failure.tries - 1]!,
  );
  // Few, and with something to send earlier today: read without asking the team's figures.
  const recipients = await recipientsOf(
    everyone,
    dueAmong(
      everyone,
      ready.map((failure) => failure.userId),
      null,
      pass.now,
    ),
  );
  await mapLimit(recipients, async (recipient) => {
    const failure = ready.find((item) => item.userId === recipient.user.id && item.date === recipient.date);
    if (failure && !(await digestSends.of(failure.date, failure.userId))) await handle(recipient, pass, failure.tries);
  });
}

/** One pass at `now`: retries first, then unfinished hours, then this hour. */
export async function sendDigests(options: DigestPassOptions, sources: DigestSources): Promise<DigestPassResult> {
  const started = Date.now();
  const elapsed = options.elapsed ?? (() => Date.now() - started);
  const result: DigestPassResult = { hours: [], considered: 0, nothingToDo: 0, alreadyClaimed: 0, outcomes: [], finished: true };
  const pass: Pass = { ...options, sources, result, overBudget: () => elapsed() >= (options.budgetMs ?? DEFAULT_BUDGET_MS) };
  const [hours, ids, preferences] = await Promise.all([hoursToHandle(options.now), accountVersions(), storedPreferencesByUser()]);
  const everyone: Everyone = { ids: ids.map((item) => item.id).sort(), preferences };
  if (!options.dryRun) await handleRetries(everyone, pass);
  for (const hourStart of hours) {
    result.hours.push(hourStart.toISOString());
    if (!(await handleHour(hourStart, everyone, pass))) {
      result.finished = false;
      break;
    }
  }
  return result;
}

/** The real sources: the team's figures (once per pass), SMTP, the programs' plan part, the calendar's calls, links to `origin`. */
function digestSources(origin: string, now: Date): DigestSources {
  let team: Promise<TeamDigest> | null = null;
  let figures: Promise<TeamFiguresForDigest> | null = null;
  return {
    candidates: async (people, at) => digestCandidates(await (figures ??= teamFiguresForDigest(now)), people, at),
    send: sendMail,
    planFor: planDigestFor,
    practiceFor: practiceDigestFor,
    callsFor: callsOfDay,
    team: () => (team ??= teamDigest(now)),
    links: (userId) => ({ origin, unsubscribeUrl: unsubscribeUrl(origin, userId) }),
  };
}

/** A pass as the schedule runs it, with its counts; without SMTP_URL nothing is tried (a dry run goes on). */
export interface DigestPassRun extends DigestPassResult {
  sent: number;
  failed: number;
  skipped: string | null;
}

/**
 * One pass at `now` with the real sources: POST /api/scheduled/send-digests (the hourly scheduled
 * function asks the site for it) and `npm run scheduled -- send-digests`.
 */
export async function runDigestPass(options: { now: Date; dryRun?: boolean }): Promise<DigestPassRun> {
  const { now, dryRun = false } = options;
  if (!mailConfigured() && !dryRun) {
    const none = { hours: [], considered: 0, nothingToDo: 0, alreadyClaimed: 0, outcomes: [], finished: true };
    return { ...none, sent: 0, failed: 0, skipped: 'SMTP_URL is not set: no e-mail is sent.' };
  }
  const result = await sendDigests({ now, dryRun }, digestSources(siteUrl(), now));
  const count = (kind: DigestOutcome['result']) => result.outcomes.filter((outcome) => outcome.result === kind).length;
  return { ...result, sent: count('sent'), failed: count('failed'), skipped: null };
}

/** What the route answers: the counts, never who got what. */
export function digestPassSummary(run: DigestPassRun): DigestPassSummary {
  const { hours, considered, nothingToDo, alreadyClaimed, sent, failed, finished, skipped } = run;
  return { hours, considered, nothingToDo, alreadyClaimed, sent, failed, finished, skipped };
}

/**
 * Practice (docs/product.md "Practice"): a rep answers a scenario, typed or recorded; a typed answer is
 * matched against the scenario's rubric at once; the rep sends the attempt for review; an administrator
 * marks each rubric item and the attempt passes when every required item is yes. A passing review counts
 * for the person's plan and brings the scenario back to practise after 30, then 90 days.
 * Records: ./storage (attempts, recordings, the review queue, passes); the journal tells the team figures.
 */
import type { PublicUser } from '~/shared/api/users';
import {
  PRACTICE_AUDIO_GRACE_SECONDS,
  PRACTICE_AUDIO_MAX_BYTES,
  PRACTICE_RECORDING_KEEP_DAYS,
  type CreateTextAttempt,
  type PracticeAttempt,
  type PracticeScenarioState,
  type PracticeStatus,
  type ReviewAttempt,
} from '~/shared/api/practice';
import { getPracticeScenario, getPracticeScenarios, type PracticeScenario } from '~/server/content/practice';
import { HttpError } from '~/server/errors';
import { journal, type PracticeOutcome } from '~/server/journal/journal';
import { accountsByIds } from '~/server/accounts/people';
import { eventId, factEventId, parseEventTime } from '~/server/storage/keys';
import { inspectRecording } from './recording';
import { attempts, type AttemptRef, type StoredAttempt } from './storage/attempts';
import { passes } from './storage/passes';
import { practiseAgainAt } from './passes';
import { countWaiting } from './review-count';
import { recordings } from './storage/recordings';
import { reviewQueue } from './storage/review-queue';
import { reviewNotices } from './storage/review-notices';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = 'Attempt not found';

/** Who asks: the signed-in person, and whether they are an administrator. */
export interface Asker {
  user: Pick<PublicUser, 'id' | 'name'>;
  isAdmin: boolean;
}

/** An attempt's id in the API: whose, of which scenario, which (each a key-safe segment). */
const attemptIdOf = (ref: AttemptRef) => `${ref.userId}.${ref.scenarioId}.${ref.attemptId}`;

function parseAttemptId(id: string): AttemptRef | null {
  const [userId, scenarioId, attemptId, ...rest] = id.split('.');
  const safe = /^[A-Za-z0-9_-]{1,100}$/;
  if (rest.length > 0 || ![userId, scenarioId, attemptId].every((part) => part !== undefined && safe.test(part))) return null;
  return { userId: userId!, scenarioId: scenarioId!, attemptId: attemptId! };
}

async function scenarioOr404(scenarioId: string): Promise<PracticeScenario> {
  const scenario = await getPracticeScenario(scenarioId);
  if (!scenario) throw new HttpError(404, 'Scenario not found');
  return scenario;
}

function statusOf(attempt: StoredAttempt): PracticeStatus {
  if (attempt.review) return attempt.review.passed ? 'passed' : 'try-again';
  return attempt.submittedAt ? 'waiting' : 'draft';
}

function toApi(ref: AttemptRef, attempt: StoredAttempt, owner?: string): PracticeAttempt {
  return {
    id: attemptIdOf(ref),
    scenarioId: attempt.scenarioId,
    kind: attempt.kind,
    status: statusOf(attempt),
    createdAt: attempt.createdAt,
    feedback: attempt.feedback,
    ...(attempt.review && {
      review: {
        marks: attempt.review.marks,
        comment: attempt.review.comment,
        reviewer: attempt.review.reviewer.name,
        reviewedAt: attempt.review.reviewedAt,
      },
    }),
    ...(attempt.text !== undefined && { text: attempt.text }),
    ...(attempt.selfCheck && { selfCheck: attempt.selfCheck }),
    ...(attempt.submittedAt && { submittedAt: attempt.submittedAt }),
    ...(attempt.audio && { hasAudio: attempt.audio.deletedAt === undefined }),
    ...(owner !== undefined && { owner }),
  };
}

const outcomeEvent = (ref: AttemptRef, outcome: PracticeOutcome, at: Date) =>
  journal.add(
    ref.userId,
    { kind: 'practice', scenarioId: ref.scenarioId, outcome, recordedAt: at.toISOString() },
    factEventId(at, 'practice', ref.userId, ref.attemptId, outcome),
  );

/** Each scenario with the person's state: the latest attempt's, or passed / due by their passing reviews. */
export async function listPractice(userId: string, now: Date): Promise<PracticeScenarioState[]> {
  const [scenarios, refs, passed] = await Promise.all([getPracticeScenarios(), attempts.refs(userId), passes.of(userId)]);
  const latest = new Map<string, AttemptRef>();
  for (const ref of refs) latest.set(ref.scenarioId, ref);
  const latestAttempts = new Map(
    await Promise.all([...latest].map(async ([scenarioId, ref]) => [scenarioId, (await attempts.get(ref))?.value ?? null] as const)),
  );
  return scenarios.map((scenario): PracticeScenarioState => {
    const ref = latest.get(scenario.id);
    const attempt = latestAttempts.get(scenario.id) ?? null;
    const passTimes = passed.get(scenario.id) ?? [];
    const base = { id: scenario.id, title: scenario.title, ...(ref && { latestAttemptId: attemptIdOf(ref) }) };
    const lastPass = passTimes.at(-1);
    const againAt = practiseAgainAt(passTimes);
    // An attempt after the latest pass (practising again) shows its own state.
    if (attempt && (!lastPass || Date.parse(attempt.createdAt) > lastPass.getTime()) && statusOf(attempt) !== 'passed') {
      return { ...base, state: statusOf(attempt) };
    }
    if (lastPass && againAt) {
      const when = { passedAt: lastPass.toISOString(), dueAt: againAt.toISOString() };
      return { ...base, ...when, state: againAt.getTime() <= now.getTime() ? 'due' : 'passed' };
    }
    return { ...base, state: 'not-tried' };
  });
}

/** A new draft attempt of a scenario, and where it is stored. */
function newAttempt(
  userId: string,
  scenario: PracticeScenario,
  now: Date,
  answer: Pick<StoredAttempt, 'kind' | 'feedback' | 'text' | 'audio'>,
): { ref: AttemptRef; attempt: StoredAttempt } {
  const ref = { userId, scenarioId: scenario.id, attemptId: eventId(now) };
  return { ref, attempt: { attemptId: ref.attemptId, scenarioId: scenario.id, createdAt: now.toISOString(), ...answer } };
}

/** A typed answer: matched against the rubric at once, stored as a draft. */
export async function createTextAttempt(userId: string, request: CreateTextAttempt, now: Date): Promise<PracticeAttempt> {
  const scenario = await scenarioOr404(request.scenarioId);
  // The matcher and its language model load on the first typed answer, not with every page that reads practice.
  const feedback = (await import('./rubric-match')).matchRubric(request.text, scenario.rubric);
  const { ref, attempt } = newAttempt(userId, scenario, now, { kind: 'text', text: request.text, feedback });
  await attempts.add(userId, attempt);
  return toApi(ref, attempt);
}

/**
 * A recording: checked by its bytes (415 when it is not audio of a kind browsers record), its size (413
 * over 5 MB) and its length (413 past the scenario's limit plus a grace); nothing is stored when refused.
 */
export async function createAudioAttempt(userId: string, scenarioId: string, bytes: Uint8Array, now: Date): Promise<PracticeAttempt> {
  const scenario = await scenarioOr404(scenarioId);
  if (bytes.byteLength > PRACTICE_AUDIO_MAX_BYTES) throw new HttpError(413, 'The recording is larger than 5 MB.');
  const recording = inspectRecording(bytes);
  if (!recording) throw new HttpError(415, 'This file is not an audio recording: record your answer in the browser or type it.');
  const limit = scenario.timeLimitSeconds + PRACTICE_AUDIO_GRACE_SECONDS;
  if (recording.durationSeconds !== null && recording.durationSeconds > limit) {
    throw new HttpError(
      413,
      `The recording is ${Math.round(recording.durationSeconds)} seconds long; this scenario allows ${scenario.timeLimitSeconds} seconds.`,
    );
  }
  const audio = { contentType: recording.contentType, bytes: bytes.byteLength, durationSeconds: recording.durationSeconds };
  const { ref, attempt } = newAttempt(userId, scenario, now, { kind: 'audio', feedback: [], audio });
  await recordings.add(ref, bytes);
  await attempts.add(userId, attempt);
  return toApi(ref, attempt);
}

/** An attempt its owner or an administrator may see; 404 for anybody else (nobody learns it exists). */
async function visibleAttempt(asker: Asker, id: string) {
  const ref = parseAttemptId(id);
  if (!ref || (ref.userId !== asker.user.id && !asker.isAdmin)) throw new HttpError(404, NOT_FOUND);
  const stored = await attempts.get(ref);
  if (!stored) throw new HttpError(404, NOT_FOUND);
  return { ref, ...stored };
}

/** An attempt; its owner opening a reviewed one has read the review (the home page stops telling them). */
export async function getAttempt(asker: Asker, id: string): Promise<PracticeAttempt> {
  const { ref, value } = await visibleAttempt(asker, id);
  if (value.review && ref.userId === asker.user.id) await reviewNotices.markSeen(ref);
  return toApi(ref, value);
}

/** The recording's bytes and type; 404 when the attempt has none (typed, or deleted after its review). */
export async function getRecording(asker: Asker, id: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const { ref, value } = await visibleAttempt(asker, id);
  const bytes = value.audio && !value.audio.deletedAt ? await recordings.get(ref) : null;
  if (!value.audio || !bytes) throw new HttpError(404, 'This attempt has no recording');
  return { bytes, contentType: value.audio.contentType };
}

function checkItems(scenario: PracticeScenario, marks: Readonly<Record<string, boolean>>, field: string): void {
  const known = new Set(scenario.rubric.map((item) => item.id));
  const unknown = Object.keys(marks).filter((itemId) => !known.has(itemId));
  if (unknown.length > 0) throw new HttpError(400, `${field}: ${unknown.join(', ')} is not an item of this scenario's rubric`);
}

/** Sends the rep's own attempt for review with their self-check; an attempt already sent or reviewed is answered as it is. */
export async function submitAttempt(userId: string, id: string, selfCheck: Record<string, boolean>, now: Date): Promise<PracticeAttempt> {
  const { ref, value, etag } = await visibleAttempt({ user: { id: userId, name: '' }, isAdmin: false }, id);
  checkItems(await scenarioOr404(ref.scenarioId), selfCheck, 'selfCheck');
  if (value.submittedAt) return toApi(ref, value);
  const queueId = eventId(now);
  const submitted: StoredAttempt = { ...value, selfCheck, submittedAt: now.toISOString(), queueId };
  if (!(await attempts.replace(ref, submitted, etag))) return submitAttempt(userId, id, selfCheck, now);
  await reviewQueue.add(queueId, ref);
  await outcomeEvent(ref, 'submitted', now);
  return toApi(ref, submitted);
}

/** Deletes the rep's own attempt (and its recording) while nobody has reviewed it; 409 after. */
export async function deleteAttempt(userId: string, id: string, now: Date): Promise<void> {
  const { ref, value } = await visibleAttempt({ user: { id: userId, name: '' }, isAdmin: false }, id);
  if (value.review) throw new HttpError(409, 'A reviewed attempt cannot be deleted.');
  await attempts.remove(ref);
  if (value.audio) await recordings.remove(ref);
  if (value.queueId) {
    await reviewQueue.remove(value.queueId, ref);
    await outcomeEvent(ref, 'withdrawn', now);
  }
}

/** Attempts waiting for review, oldest first, with the rep's name and the scenario's title. */
export async function listWaiting(): Promise<Array<PracticeAttempt & { scenarioTitle: string }>> {
  const queue = await reviewQueue.waiting();
  const [read, owners, scenarios] = await Promise.all([
    Promise.all(queue.map(async ({ ref }) => ({ ref, stored: await attempts.get(ref) }))),
    accountsByIds([...new Set(queue.map(({ ref }) => ref.userId))]),
    getPracticeScenarios(),
  ]);
  const names = new Map(owners.flatMap((owner) => (owner ? [[owner.id, owner.name] as const] : [])));
  const titles = new Map(scenarios.map((scenario) => [scenario.id, scenario.title]));
  return read.flatMap(({ ref, stored }) =>
    stored && !stored.value.review
      ? [
          {
            ...toApi(ref, stored.value, names.get(ref.userId) ?? 'Former member'),
            scenarioTitle: titles.get(ref.scenarioId) ?? ref.scenarioId,
          },
        ]
      : [],
  );
}

/**
 * An administrator's review: every rubric item marked yes or no (400 naming a missing or unknown item),
 * a comment; passed when every required item is yes. Only a waiting attempt is reviewed (409 otherwise).
 */
export async function reviewAttempt(reviewer: Asker['user'], id: string, request: ReviewAttempt, now: Date): Promise<PracticeAttempt> {
  const { ref, value, etag } = await visibleAttempt({ user: reviewer, isAdmin: true }, id);
  const scenario = await scenarioOr404(ref.scenarioId);
  checkItems(scenario, request.marks, 'marks');
  const missing = scenario.rubric.filter((item) => request.marks[item.id] === undefined).map((item) => item.id);
  if (missing.length > 0) throw new HttpError(400, `marks: mark every rubric item yes or no; missing ${missing.join(', ')}`);
  if (value.review) throw new HttpError(409, 'This attempt has been reviewed already.');
  if (!value.submittedAt || !value.queueId) throw new HttpError(409, 'This attempt has not been sent for review.');
  const passed = scenario.rubric.every((item) => !item.required || request.marks[item.id] === true);
  const marks = Object.fromEntries(scenario.rubric.map((item) => [item.id, request.marks[item.id]!]));
  const reviewed: StoredAttempt = {
    ...value,
    review: {
      marks,
      comment: request.comment.trim(),
      passed,
      reviewer: { id: reviewer.id, name: reviewer.name },
      reviewedAt: now.toISOString(),
    },
  };
  if (!(await attempts.replace(ref, reviewed, etag)))
    throw new HttpError(409, 'This attempt changed while you reviewed it: open it again.');
  await reviewQueue.remove(value.queueId, ref);
  if (passed) await passes.add(ref.userId, ref.scenarioId, now);
  await reviewNotices.add(ref, passed, now);
  if (value.audio) {
    const day = new Date(now.getTime() + PRACTICE_RECORDING_KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
    await recordings.planDeletion(ref, day);
  }
  await outcomeEvent(ref, passed ? 'passed' : 'try-again', now);
  return toApi(ref, reviewed);
}

/** What the home page and the digest tell a rep: reviews since a time, and scenarios due to practise again. */
export interface PracticeNews {
  reviewed: Array<{ attemptId: string; scenarioId: string; title: string; passed: boolean; reviewedAt: string }>;
  due: Array<{ scenarioId: string; title: string }>;
}

/**
 * Reviews at or after `since` (only those the rep has not opened yet, with `unreadOnly`), and the scenarios
 * due again: passed, come back, and not tried since. From listings only: no attempt is read.
 */
export async function practiceNews(userId: string, since: Date, now: Date, options: { unreadOnly: boolean }): Promise<PracticeNews> {
  const [notices, passed, refs, scenarios] = await Promise.all([
    reviewNotices.since(userId, since),
    passes.of(userId),
    attempts.refs(userId),
    getPracticeScenarios(),
  ]);
  const titles = new Map(scenarios.map((scenario) => [scenario.id, scenario.title]));
  const due = comingBack(passed, refs, scenarios)
    .filter((scenario) => scenario.dueAt.getTime() <= now.getTime())
    .map(({ scenarioId, title }) => ({ scenarioId, title }));
  return {
    reviewed: notices
      .filter((notice) => !options.unreadOnly || !notice.seen)
      .map((notice) => ({
        attemptId: attemptIdOf(notice.ref),
        scenarioId: notice.ref.scenarioId,
        title: titles.get(notice.ref.scenarioId) ?? notice.ref.scenarioId,
        passed: notice.passed,
        reviewedAt: notice.reviewedAt.toISOString(),
      })),
    due,
  };
}

/** A passed scenario and when it comes back to practise. */
export interface ComingBack {
  scenarioId: string;
  title: string;
  dueAt: Date;
}

/** The passed scenarios not tried since their latest pass, with when each comes back (already, or later). */
function comingBack(
  passed: ReadonlyMap<string, Date[]>,
  refs: readonly AttemptRef[],
  scenarios: readonly PracticeScenario[],
): ComingBack[] {
  const titles = new Map(scenarios.map((scenario) => [scenario.id, scenario.title]));
  const latestTry = new Map<string, number>();
  for (const ref of refs) latestTry.set(ref.scenarioId, parseEventTime(ref.attemptId)?.getTime() ?? 0);
  return [...passed].flatMap(([scenarioId, times]) => {
    const dueAt = practiseAgainAt(times);
    const triedSince = (latestTry.get(scenarioId) ?? 0) > times.at(-1)!.getTime();
    return dueAt && !triedSince && titles.has(scenarioId) ? [{ scenarioId, title: titles.get(scenarioId)!, dueAt }] : [];
  });
}

/** The calendar feed's practice: every passed scenario coming back, due or not yet, from listings only. */
export async function practiceComingBack(userId: string): Promise<ComingBack[]> {
  const [passed, refs, scenarios] = await Promise.all([passes.of(userId), attempts.refs(userId), getPracticeScenarios()]);
  return comingBack(passed, refs, scenarios);
}

/** The digest's practice part (null when it has nothing): reviews since the last digest, scenarios due, and for reviewers what waits. */
export async function practiceDigestFor(userId: string, reviewer: boolean, since: Date, now: Date) {
  const [news, waiting] = await Promise.all([practiceNews(userId, since, now, { unreadOnly: false }), reviewer ? countWaiting() : 0]);
  if (news.reviewed.length === 0 && news.due.length === 0 && waiting === 0) return null;
  return { reviewed: news.reviewed.map(({ attemptId, title, passed }) => ({ attemptId, title, passed })), due: news.due, waiting };
}

// Visit tracking (docs/product.md "Visit tracking", "POST /api/track-visit"): one activity event per visit, keyed per user,
// and the first visit of each page kept per person (what an onboarding plan's "read" items count).
// Figures must not be inflatable by a script (docs/decisions.md "Team progress"): only paths of real
// pages count; a visit that repeats one of the same user to the same page and of the same kind (an entry,
// a tab change, an exit) within 10 seconds of the previous one is answered but not counted, whichever tab
// it names, so made-up tab ids count no more than real ones; more than 120 visits in a minute → 429.
// The same visit sent again (same page, kind, tab and client time: a retry) is no repeat: it completes
// the first try's journal entry under its id, so a visit that failed half-way is counted once.
import { createHash } from 'node:crypto';
import type { TrackVisit } from '~/shared/api/team';
import { getPersona, getSegment } from '~/server/content/buyers';
import { getModule, getQuiz } from '~/server/content/learning';
import { getPracticeScenario } from '~/server/content/practice';
import { matchPageRoute, withoutTrailingSlashes, type PageRoute } from '~/shared/routes';
import { inBackground } from '~/server/background';
import { HttpError } from '~/server/errors';
import { markPageVisited } from '~/server/team/page-visits';
import { journal, factOf, type JournalEvent, type JournalFact } from '~/server/journal/journal';
import { pageReads } from '~/server/journal/page-reads';
import { throttleMarks, tagOf, throttleSubject, type StoredAttempt, type ThrottleSubject } from '~/server/storage/throttle-marks';

const VISITS_PER_MINUTE = 120;
const MINUTE_MS = 60_000;
const REPEAT_MS = 10_000;
/** Marks this recent may belong to requests that listed before this one wrote: their repeats are withdrawn here too. */
const CONCURRENT_MS = 5_000;
const FACTS = ['entry', 'tab', 'exit'] as const;

/** Whether a page route's ids name real content. */
async function routeExists(route: PageRoute): Promise<boolean> {
  switch (route.page) {
    case 'static':
    case 'person':
    case 'attempt':
    case 'prep':
      return true;
    case 'scenario':
      return (await getPracticeScenario(route.scenarioId)) !== null;
    case 'segment':
      return (await getSegment(route.id)) !== null;
    case 'persona':
      return (await getPersona(route.id)) !== null;
    case 'quiz':
      return (await getQuiz(route.id)) !== null;
    case 'module':
      return (await getModule(route.id)) !== null;
    case 'lesson':
      return (await getModule(route.moduleId))?.lessons.some((lesson) => lesson.id === route.lessonId) ?? false;
  }
}

/** The path as counted (trailing slashes dropped); 400 naming the field when no page of the site has it. */
async function countedPath(pagePath: string): Promise<string> {
  const route = matchPageRoute(pagePath);
  if (!route || !(await routeExists(route))) throw new HttpError(400, 'pagePath: not a page of this site');
  return withoutTrailingSlashes(pagePath);
}

interface MarkTag {
  /** Which visit it is for the repeat rule: the page and the kind. */
  visit: string;
  /** Which try it is: the page, the kind, the tab and the client's time, equal on a retry. */
  attempt: string;
  /** The journal entry it stands for. */
  journalId: string;
  fact: (typeof FACTS)[number];
}
const markTag = (tag: MarkTag) => `${tag.visit}:${tag.attempt}:${tag.journalId}:${tag.fact}`;
function parseMark(mark: StoredAttempt): MarkTag | null {
  const [visit, attempt, journalId, fact] = (tagOf(mark.key) ?? '').split(':');
  const known = FACTS.find((candidate) => candidate === fact);
  return visit && attempt && journalId && known ? { visit, attempt, journalId, fact: known } : null;
}
const shortHash = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);

const byTime = (a: StoredAttempt, b: StoredAttempt) => a.at.getTime() - b.at.getTime() || (a.key < b.key ? -1 : 1);

/** Whether a visit (its mark) follows another of the same group within 10 s: then it is not counted. */
function isRepeat(mark: StoredAttempt, group: readonly StoredAttempt[]): boolean {
  return group.some(
    (other) =>
      other.key !== mark.key &&
      other.at.getTime() > mark.at.getTime() - REPEAT_MS &&
      (other.at.getTime() < mark.at.getTime() || (other.at.getTime() === mark.at.getTime() && other.key < mark.key)),
  );
}

/**
 * The journal entries to withdraw: in this visit's group, every mark that follows another within 10 s
 * (oldest first) and is recent enough that its own request may have listed before seeing the earlier one.
 */
function repeatsToWithdraw(group: readonly StoredAttempt[], now: Date): StoredAttempt[] {
  return group.filter((mark, index) => {
    const previous = group[index - 1];
    return (
      previous !== undefined && mark.at.getTime() - previous.at.getTime() < REPEAT_MS && mark.at.getTime() >= now.getTime() - CONCURRENT_MS
    );
  });
}

function overCap(others: readonly StoredAttempt[], now: Date): HttpError | null {
  if (others.length + 1 <= VISITS_PER_MINUTE) return null;
  const oldest = others[others.length - VISITS_PER_MINUTE]!;
  const retryAfter = Math.min(60, Math.max(1, Math.ceil((oldest.at.getTime() + MINUTE_MS - now.getTime()) / 1000)));
  return new HttpError(429, 'Too many visits recorded. Please slow down.', { 'Retry-After': String(retryAfter) });
}

/**
 * Records one visit of the signed-in user. The user comes from the session, never from the body;
 * `recordedAt` (server time) is what the team figures use, `visitDate` is kept as the client sent it.
 * Round 1: the visit's mark is written while the user's marks of the last minute are listed; a repeat of
 * a visit listed there stops here (not journaled), one over the cap deletes its mark (429). Round 2: the
 * journal entry is written while the marks are listed again, now including every concurrent visit; over
 * the cap, or with concurrent repeats, journal entries are withdrawn in a third (the rollup never saved
 * them: it trails the clock by minutes).
 */
export async function recordVisit(userId: string, visit: TrackVisit, now: Date = new Date()): Promise<void> {
  const pagePath = await countedPath(visit.pagePath);
  const event: JournalEvent = {
    kind: 'visit',
    pagePath,
    tabId: visit.tabId,
    exitPage: visit.exitPage,
    visitDate: new Date(visit.visitDate).toISOString(),
    recordedAt: now.toISOString(),
  };
  const journalFact = factOf(event);
  const fact = journalFact.kind as (typeof FACTS)[number];
  const tag: MarkTag = {
    // The repeat rule names the page and the kind, not the tab (a client names tabs freely).
    visit: shortHash([pagePath, fact]),
    attempt: shortHash([pagePath, fact, visit.tabId, event.visitDate]),
    journalId: journal.newId(now),
    fact,
  };
  const subject = throttleSubject.visits(userId);
  const since = new Date(now.getTime() - MINUTE_MS);
  const [markKey, seen] = await Promise.all([throttleMarks.record(subject, now, markTag(tag)), throttleMarks.since(subject, since, now)]);
  const mark = { key: markKey, at: now };
  const refusal = overCap(
    seen.filter((attempt) => attempt.key !== markKey),
    now,
  );
  if (refusal) {
    await throttleMarks.remove([markKey]);
    throw refusal;
  }
  const group = [mark, ...seen.filter((attempt) => attempt.key !== markKey && parseMark(attempt)?.visit === tag.visit)];
  // Of marks of the same try, the earliest is the first try (in the order every request sees alike). One
  // sent at the same moment is a double send, left to the repeat rule and its withdrawal of concurrent
  // repeats; one sent again later is a retry, which completes the first try.
  const firstTry = group.filter((other) => parseMark(other)?.attempt === tag.attempt).sort(byTime)[0]!;
  if (firstTry.key !== markKey && now.getTime() - firstTry.at.getTime() >= CONCURRENT_MS) {
    await completeFirstTry(userId, event, firstTry, { key: markKey, subject, since, now }, group);
    return;
  }
  if (isRepeat(mark, group)) return;
  // Content health's pages nobody visits: a page entry marks its page for the week, after the answer.
  if (fact === 'entry') inBackground('page visit mark', () => markPageVisited(pagePath, now));

  const [, recent] = await Promise.all([
    journal.add(userId, event, tag.journalId),
    throttleMarks.since(subject, since, now),
    fact === 'entry' ? pageReads.add(userId, pagePath, now) : null,
  ]);
  const lateRefusal = overCap(
    recent.filter((attempt) => attempt.key !== markKey),
    now,
  );
  if (lateRefusal) {
    await Promise.all([throttleMarks.remove([markKey]), journal.withdraw(userId, tag.journalId, journalFact)]);
    throw lateRefusal;
  }
  await withdrawRepeats(userId, recent, tag.visit, journalFact, now);
}

/** Withdraws the journal entries of the concurrent repeats among the visit's marks listed after its write. */
async function withdrawRepeats(userId: string, recent: readonly StoredAttempt[], visit: string, fact: JournalFact, now: Date) {
  const group = recent.filter((attempt) => parseMark(attempt)?.visit === visit);
  // Every mark of the group is a visit of this page and kind: its journal entry has this visit's fact.
  await Promise.all(repeatsToWithdraw(group, now).map((repeat) => journal.withdraw(userId, parseMark(repeat)!.journalId, fact)));
}

/**
 * A retry of a visit whose first try left its mark: the retry's own mark goes, and unless the first try
 * was a repeat, its journal entry is written under the first try's id and time (a no-op once it is there).
 * Sent at the same moment as the first try (a double send), it withdraws concurrent repeats as any visit
 * does, so an entry it wrote again for a try that turned out to be a repeat goes too.
 */
async function completeFirstTry(
  userId: string,
  event: JournalEvent & { kind: 'visit' },
  firstTry: StoredAttempt,
  mark: { key: string; subject: ThrottleSubject; since: Date; now: Date },
  group: readonly StoredAttempt[],
): Promise<void> {
  const others = group.filter((other) => other.key !== mark.key);
  if (isRepeat(firstTry, others)) {
    await throttleMarks.remove([mark.key]);
    return;
  }
  const fact = factOf(event);
  const [, , , recent] = await Promise.all([
    throttleMarks.remove([mark.key]),
    journal.add(userId, { ...event, recordedAt: firstTry.at.toISOString() }, parseMark(firstTry)!.journalId),
    fact.kind === 'entry' ? pageReads.add(userId, event.pagePath, firstTry.at) : null,
    throttleMarks.since(mark.subject, mark.since, mark.now),
  ]);
  await withdrawRepeats(userId, recent, parseMark(firstTry)!.visit, fact, mark.now);
}

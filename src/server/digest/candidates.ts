/**
 * Who of the people whose digest hour it is may have something in their digest (docs/decisions.md "The
 * digest pass at scale"): a pre-selection from the team rollup, which holds every member's review cards
 * and onboarding plan evidence folded from the journal, read once per pass. Only the people it selects
 * have their own records read and their digest composed, so a pass costs a few reads for the whole team
 * plus the records of those with something to do.
 *
 * It selects more rather than fewer: a review card due today (no vacation hold, which only delays), a plan
 * with an item overdue or due today on the person's calendar or a certificate expiring soon, computed as
 * Team Progress computes plans; a practice attempt reviewed this week, or for an administrator attempts
 * waiting for review; a calendar connected (the day's calls); an administrator on Monday (the team's part); and anybody the rollup does not know yet. What the person's own records say then decides, as for everyone before.
 */
import type { Preferences } from '~/shared/api/preferences';
import { peopleWithCalendar } from '~/server/calendar/calendar';
import { getPrograms, type Program } from '~/server/content/programs';
import { resetChangedCards } from '~/shared/review/memory';
import { isDue } from '~/shared/review/schedule';
import { dayOf } from '~/shared/review/days';
import { evidenceFromFigures, masteryModulesOf } from '~/server/programs/evidence';
import { computePlan } from '~/server/programs/plan';
import { planDigestOf } from '~/server/programs/plan-digest';
import { getQuestionBank, type QuestionBank } from '~/server/review/question-bank';
import { readCards } from '~/server/review/cards';
import { refreshTeamRollup } from '~/server/team/team-rollup';
import { emptyFigures, type MemberFigures } from '~/server/team/team-rollup-fold';
import { localTime } from '~/shared/time-zone';

/** A person whose digest hour it is, and which parts are due. */
export interface DigestCandidate {
  userId: string;
  preferences: Preferences;
  /** Their own part (reviews, plan) is due. */
  personal: boolean;
  /** Their Monday: an administrator's digest carries the team's part. */
  monday: boolean;
}

/** The team's figures a pass selects people with, read once. */
export interface TeamFiguresForDigest {
  members: Readonly<Record<string, MemberFigures>>;
  people: Readonly<Record<string, { admin?: boolean | undefined }>>;
  bank: Pick<QuestionBank, 'questions' | 'byModule' | 'materialRevisions'>;
  programs: ReadonlyMap<string, Program>;
  /** The people with a calendar connected: their day may have calls. */
  withCalendar: ReadonlySet<string>;
}

export async function teamFiguresForDigest(now: Date): Promise<TeamFiguresForDigest> {
  const [{ committed, view }, bank, programs, withCalendar] = await Promise.all([
    refreshTeamRollup(now, { save: false }),
    getQuestionBank(),
    getPrograms(),
    peopleWithCalendar(),
  ]);
  return {
    members: view,
    people: committed.people,
    bank,
    programs: new Map(programs.map((program) => [program.id, program])),
    withCalendar,
  };
}

/** A card of the bank due today, before any hold. */
function mayHaveReviewsDue(figures: MemberFigures, team: TeamFiguresForDigest, now: Date): boolean {
  const cards = resetChangedCards(readCards(figures.cards), team.bank.materialRevisions);
  const today = dayOf(now);
  return team.bank.questions.some((item) => cards[item.key] !== undefined && isDue(cards[item.key]!, today, null));
}

/** The plan part the digest would show, from the rollup's evidence, on the person's calendar. */
function mayHavePlanPart(figures: MemberFigures, team: TeamFiguresForDigest, preferences: Preferences, now: Date): boolean {
  const program = figures.assignment ? team.programs.get(figures.assignment.programId) : undefined;
  if (!figures.assignment || !program) return false;
  const plan = computePlan(
    program,
    figures.assignment,
    evidenceFromFigures(figures, team.bank, now, masteryModulesOf(program)),
    now,
    preferences.timeZone,
  );
  const part = planDigestOf(plan, localTime(now, preferences.timeZone).date);
  return part.overdue.length > 0 || part.dueToday.length > 0 || part.certificateExpiring !== null;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A practice attempt reviewed within the week (a weekly digest's reach), or for an administrator, attempts waiting. */
function mayHavePracticePart(figures: MemberFigures, team: TeamFiguresForDigest, admin: boolean, now: Date): boolean {
  const reviewed = figures.practiceReviewedAt !== null && now.getTime() - Date.parse(figures.practiceReviewedAt) <= WEEK_MS;
  return reviewed || (admin && Object.values(team.members).some((member) => member.practiceWaiting > 0));
}

/** The ids among `people` whose digest may have something (a superset of those who get one). */
export function digestCandidates(team: TeamFiguresForDigest, people: readonly DigestCandidate[], now: Date): Set<string> {
  const selected = people.filter(({ userId, preferences, personal, monday }) => {
    const person = team.people[userId];
    if (!person) return true; // not in the team's figures yet: read their records
    const figures = team.members[userId] ?? emptyFigures();
    if (monday && person.admin === true) return true;
    return (
      personal &&
      (team.withCalendar.has(userId) ||
        mayHaveReviewsDue(figures, team, now) ||
        mayHavePlanPart(figures, team, preferences, now) ||
        mayHavePracticePart(figures, team, person.admin === true, now))
    );
  });
  return new Set(selected.map((person) => person.userId));
}

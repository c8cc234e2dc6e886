// Team progress figures, defined once (docs/product.md "Team Progress (/team-progress)"; docs/decisions.md "Team progress"): the row, each
// figure's definition shown beside it, 'active', overall engagement and the Access Denied texts. Without zod:
// islands import it. The CSV export is ./csv.

import { PASS_MARK } from '~/shared/learning/pass-mark';

/** One row of GET /api/team-progress; validated by teamProgressRowSchema in ~/shared/api/team. */
export interface TeamProgressRow {
  id: string;
  username: string;
  name: string;
  progress: number;
  /** Share of the question bank at the third review interval or above, rounded percent. */
  mastery: number;
  pagesVisited: number;
  quizzesCompleted: number;
  dailyChallenges: number;
  loginCount: number;
  /** ISO date-time of the latest event, or the string 'null'. */
  lastActive: string;
  /** The onboarding program assigned, or null. */
  program: { id: string; title: string } | null;
  /** Day N of the program (1 on the start day); null without one. */
  planDay: number | null;
  /** Required plan items done, and required plan items. */
  planDone: number;
  planRequired: number;
  /** Required plan items past their due date and not done. */
  overdueItems: number;
  planStatus: 'on_track' | 'behind' | 'overdue' | 'certified' | 'none';
}

/** What the Team Progress page shows besides the API's row (docs/decisions.md "Administrators apart, pace and scores"). */
export interface TeamMemberRow extends TeamProgressRow {
  /** ISO date-time the account was created (null for a record without one). */
  joinedAt: string | null;
  /** Whole days since joining. */
  daysInProgram: number;
  /** Modules with every lesson completed. */
  modulesCompleted: number;
  /** Modules the pace expects done by now (see PACE_DEFINITION). */
  modulesExpected: number;
  onTrack: boolean;
  /** Rounded average of the best score per quiz taken, or null before any scored quiz. */
  averageQuizScore: number | null;
  /** Administrators are listed apart and left out of the team figures. */
  admin: boolean;
  /** Required plan items not done and due within the next 7 days (today included). */
  dueSoon: number;
  /** Required plan items done by a passed placement check. */
  planTestedOut: number;
  /** Practice attempts sent for review and not yet reviewed. */
  practiceWaiting: number;
  /** Practice scenarios passed in review. */
  practicePassed: number;
  /** The start date of the program assigned (ISO date), or null without one. */
  startDate: string | null;
  /** The certificate of the current program once earned (expiresAt: ISO date-time), or null. */
  certificate: { title: string; expiresAt: string; status: 'valid' | 'expired' | 'renewal_needed' } | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `joinedAt` to `now` (0 on the first day; 0 without a date). */
export function daysInProgram(joinedAt: string | null, now: Date): number {
  const at = joinedAt === null ? NaN : Date.parse(joinedAt);
  return Number.isFinite(at) ? Math.max(0, Math.floor((now.getTime() - at) / DAY_MS)) : 0;
}

/** The pace: module N completed by the end of week N, so after d days floor(d / 7) modules (at most all). */
export function modulesExpected(days: number, totalModules: number): number {
  return Math.min(totalModules, Math.floor(days / 7));
}

const PACE_DEFINITION =
  'On track: at least N modules completed by the end of week N in the program (module N done by week N); behind otherwise. Administrators are left out.';

/** What a plan status means (Team Progress's Plan column and filters). */
export const PLAN_STATUS_LABELS: Record<TeamProgressRow['planStatus'], string> = {
  overdue: 'Overdue',
  behind: 'Behind',
  on_track: 'On track',
  certified: 'Certified',
  none: 'No plan',
};

const PLAN_DEFINITION =
  'The onboarding program assigned, day N of its length, required items done of required items, and overdue items: required items past their due date and not done, counted until they are done. Overdue: a required item is past its due date. ' +
  "Behind: fewer required items done than the share of the program's days gone by. Certified: every required item done and the certificate valid. " +
  'On track otherwise; No plan without a program.';

/** 'Active' means last active within the last 7 days. */
const ACTIVE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export function isActive(row: Pick<TeamProgressRow, 'lastActive'>, now: Date): boolean {
  if (row.lastActive === 'null') return false;
  const at = Date.parse(row.lastActive);
  return Number.isFinite(at) && now.getTime() - at <= ACTIVE_WINDOW_MS;
}

/** How far ahead an expiring certificate is counted. */
const EXPIRING_WINDOW_MS = 30 * DAY_MS;

/** A certificate that has not expired yet and expires within the next 30 days. */
export function certificateExpiringSoon(row: Pick<TeamMemberRow, 'certificate'>, now: Date): boolean {
  const at = row.certificate ? Date.parse(row.certificate.expiresAt) : NaN;
  return Number.isFinite(at) && at > now.getTime() && at - now.getTime() <= EXPIRING_WINDOW_MS;
}

/** Overall engagement is the rounded average of progress (0 for an empty team). */
export function overallEngagement(rows: ReadonlyArray<Pick<TeamProgressRow, 'progress'>>): number {
  if (rows.length === 0) return 0;
  return Math.round(rows.reduce((sum, row) => sum + row.progress, 0) / rows.length);
}

export type TeamFigure =
  | 'planStatus'
  | 'joinedAt'
  | 'daysInProgram'
  | 'onTrack'
  | 'progress'
  | 'mastery'
  | 'averageQuizScore'
  | 'pagesVisited'
  | 'quizzesCompleted'
  | 'dailyChallenges'
  | 'loginCount'
  | 'lastActive';

/** Each figure's label and definition, shown beside it on the dashboard (docs/product.md "Team Progress (/team-progress)"). */
export const TEAM_FIGURES: ReadonlyArray<{ key: TeamFigure; label: string; definition: string }> = [
  { key: 'planStatus', label: 'Plan', definition: PLAN_DEFINITION },
  { key: 'joinedAt', label: 'Joined', definition: 'When the account was created.' },
  { key: 'daysInProgram', label: 'Days in the program', definition: 'Whole days since joining.' },
  { key: 'onTrack', label: 'Pace', definition: PACE_DEFINITION },
  { key: 'progress', label: 'Progress', definition: 'Completed lessons over all lessons of all modules, as a rounded percent.' },
  {
    key: 'mastery',
    label: 'Mastery',
    definition: 'Share of all review questions whose interval has reached 7 days or more (or that are mastered), as a rounded percent.',
  },
  {
    key: 'averageQuizScore',
    label: 'Average quiz score',
    definition: `The rounded average of the best score of each quiz taken, as a percent; the pass mark is ${PASS_MARK}%.`,
  },
  { key: 'pagesVisited', label: 'Pages visited', definition: 'Page-entry visits (not exits, not tab changes).' },
  { key: 'quizzesCompleted', label: 'Quizzes completed', definition: 'Distinct quizzes with at least one result.' },
  { key: 'dailyChallenges', label: 'Daily challenges', definition: 'Daily challenges answered.' },
  { key: 'loginCount', label: 'Logins', definition: 'Successful sign-ins.' },
  {
    key: 'lastActive',
    label: 'Last active',
    definition: 'The latest of any of those events (visit, sign-in, quiz result, challenge answer, lesson completion).',
  },
];

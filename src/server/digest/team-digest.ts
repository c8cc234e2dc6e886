/**
 * The administrators' weekly part of the digest (docs/product.md "E-mail digest"): people overdue or
 * behind on their onboarding plan, people inactive for 7 days, people behind their pace, certificates
 * expiring in the next 30 days, the five most-missed questions, content past its review date, the
 * week's searches that still find nothing and how many reports from readers are open, from the same figures Team Progress and Content health show. Administrators are left out of the people
 * lists, as from the team figures. Computed once per pass, for every administrator whose Monday hour it is.
 */
import type { TeamMemberRow } from '~/shared/team/figures';
import { dayOf, isoDay } from '~/shared/review/days';
import { getContentHealth } from '~/server/content-health/content-health';
import { openReportCount } from '~/server/content-reports/content-reports';
import { searchLogDays } from '~/server/search/search-log';
import { foundNothing, type FoundNothing } from '~/server/search/search-log-fold';
import { searchOutcome } from '~/server/search/search';
import type { TeamKnowledge } from '~/server/team/team-knowledge';
import { getTeamProgress } from '~/server/team/team-progress';

const INACTIVE_DAYS = 7;
const EXPIRY_NOTICE_DAYS = 30;
const MOST_MISSED = 5;
/** The week the digest looks back on for searches that found nothing, and how many it lists. */
const FOUND_NOTHING_DAYS = 7;
const FOUND_NOTHING_SHOWN = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A member's page under Team Progress (their plan, for an administrator). */
const memberHref = (id: string) => `/team-progress/${encodeURIComponent(id)}`;

export interface TeamDigest {
  inactiveDays: number;
  expiryNoticeDays: number;
  /** Members whose onboarding plan is overdue (a required item past its due date) or behind, overdue first. */
  planBehind: Array<{
    name: string;
    program: string;
    status: 'overdue' | 'behind';
    overdueItems: number;
    planDone: number;
    planRequired: number;
    planDay: number;
    href: string;
  }>;
  /** Members (administrators apart) with no activity for INACTIVE_DAYS days, who joined before that. */
  inactive: Array<{ name: string; lastActive: string | null }>;
  /** Members behind the pace of their first weeks. */
  behind: Array<{ name: string; modulesCompleted: number; modulesExpected: number }>;
  /** Members' certificates expiring within EXPIRY_NOTICE_DAYS days (not yet expired), soonest first; expiresAt: YYYY-MM-DD. */
  certificatesExpiring: Array<{ name: string; title: string; expiresAt: string; renewalNeeded: boolean; href: string }>;
  mostMissed: Array<{ text: string; quizTitle: string; missRate: number; answers: number; href: string }>;
  /** Content entries whose review date has passed. */
  pastReview: Array<{ title: string; reviewBy: string; href: string }>;
  foundNothingDays: number;
  /** Queries of the last FOUND_NOTHING_DAYS days that found nothing and still do, most searched first; href: the search. */
  foundNothing: Array<{ query: string; count: number; href: string }>;
  /** Reports from readers open now (Content health lists them). */
  readerReportsOpen: number;
}

type Row = Pick<
  TeamMemberRow,
  | 'id'
  | 'name'
  | 'admin'
  | 'lastActive'
  | 'joinedAt'
  | 'onTrack'
  | 'modulesCompleted'
  | 'modulesExpected'
  | 'program'
  | 'planStatus'
  | 'overdueItems'
  | 'planDone'
  | 'planRequired'
  | 'planDay'
  | 'certificate'
>;

function planBehind(members: readonly Row[]): TeamDigest['planBehind'] {
  const rank = (row: Row) => (row.planStatus === 'overdue' ? 0 : 1);
  return members
    .filter((row) => row.program !== null && (row.planStatus === 'overdue' || row.planStatus === 'behind'))
    .sort((a, b) => rank(a) - rank(b) || b.overdueItems - a.overdueItems || a.name.localeCompare(b.name))
    .map((row) => ({
      name: row.name,
      program: row.program!.title,
      status: row.planStatus as 'overdue' | 'behind',
      overdueItems: row.overdueItems,
      planDone: row.planDone,
      planRequired: row.planRequired,
      planDay: row.planDay ?? 0,
      href: memberHref(row.id),
    }));
}

/** Certificates still valid (or needing renewal) whose expiry day falls within the notice, on the UTC calendar of the team figures. */
function certificatesExpiring(members: readonly Row[], now: Date): TeamDigest['certificatesExpiring'] {
  const lastDay = isoDay(dayOf(now) + EXPIRY_NOTICE_DAYS);
  return members
    .flatMap((row) => {
      const { certificate } = row;
      if (!certificate || certificate.status === 'expired' || certificate.expiresAt.slice(0, 10) > lastDay) return [];
      const expiresAt = certificate.expiresAt.slice(0, 10);
      return [
        {
          name: row.name,
          title: certificate.title,
          expiresAt,
          renewalNeeded: certificate.status === 'renewal_needed',
          href: memberHref(row.id),
        },
      ];
    })
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.name.localeCompare(b.name));
}

/** What the content's side says: entries past their review date, and searches that still find nothing. */
interface ContentSide {
  pastReview: TeamDigest['pastReview'];
  foundNothing: readonly FoundNothing[];
  readerReportsOpen: number;
}

/** The team's part from Team Progress's rows and knowledge and the content's side. Pure. */
export function teamDigestOf(
  rows: readonly Row[],
  knowledge: Pick<TeamKnowledge, 'mostMissed'>,
  content: ContentSide,
  now: Date,
): TeamDigest {
  const members = rows.filter((row) => !row.admin);
  const cutoff = now.getTime() - INACTIVE_DAYS * DAY_MS;
  const joinedBefore = (joinedAt: string | null) => joinedAt === null || Date.parse(joinedAt) <= cutoff;
  return {
    inactiveDays: INACTIVE_DAYS,
    expiryNoticeDays: EXPIRY_NOTICE_DAYS,
    planBehind: planBehind(members),
    inactive: members
      .filter((row) => (row.lastActive === 'null' ? joinedBefore(row.joinedAt) : Date.parse(row.lastActive) <= cutoff))
      .map((row) => ({ name: row.name, lastActive: row.lastActive === 'null' ? null : row.lastActive.slice(0, 10) })),
    behind: members
      .filter((row) => !row.onTrack)
      .map((row) => ({ name: row.name, modulesCompleted: row.modulesCompleted, modulesExpected: row.modulesExpected })),
    certificatesExpiring: certificatesExpiring(members, now),
    mostMissed: knowledge.mostMissed.slice(0, MOST_MISSED).map((question) => ({
      text: question.text,
      quizTitle: question.quizTitle,
      missRate: question.missRate / 100,
      answers: question.answers,
      href: question.lesson?.href ?? '/team-progress',
    })),
    pastReview: [...content.pastReview],
    foundNothingDays: FOUND_NOTHING_DAYS,
    foundNothing: [...content.foundNothing]
      .sort((a, b) => b.count - a.count || a.query.localeCompare(b.query))
      .slice(0, FOUND_NOTHING_SHOWN)
      .map(({ query, count }) => ({ query, count, href: `/search?q=${encodeURIComponent(query)}` })),
    readerReportsOpen: content.readerReportsOpen,
  };
}

/** The week's queries that found nothing and still do (the content may have answered some since). */
async function stillFoundNothing(now: Date): Promise<FoundNothing[]> {
  const rows = foundNothing(await searchLogDays(now, FOUND_NOTHING_DAYS));
  const outcomes = await Promise.all(rows.map((row) => searchOutcome(row.query)));
  return rows.filter((_row, index) => outcomes[index]!.results === 0);
}

export async function teamDigest(now: Date): Promise<TeamDigest> {
  const [progress, health, searches, readerReportsOpen] = await Promise.all([
    getTeamProgress({ now }),
    getContentHealth(undefined, now.toISOString().slice(0, 10)),
    stillFoundNothing(now),
    openReportCount(),
  ]);
  const pastReview = health.rows
    .filter((row) => row.status === 'overdue')
    .map((row) => ({ title: row.title, reviewBy: row.reviewBy, href: row.href }));
  return teamDigestOf(progress.rows, progress.knowledge, { pastReview, foundNothing: searches, readerReportsOpen }, now);
}

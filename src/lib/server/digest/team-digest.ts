/**
 * The administrators' weekly part of the digest (docs/product.md "E-mail digest"): people behind their
 * pace, people inactive for 7 days, the five most-missed questions and content past its review date, from
 * the same figures Team Progress and Content health show. Computed once per pass, for every
 * administrator whose Monday hour it is.
 */
import { getContentHealth } from '~/lib/server/content-health/content-health';
import { getTeamProgress } from '~/lib/server/team/team-progress';

const INACTIVE_DAYS = 7;
const MOST_MISSED = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TeamDigest {
  inactiveDays: number;
  /** Members (administrators apart) with no activity for INACTIVE_DAYS days, who joined before that. */
  inactive: Array<{ name: string; lastActive: string | null }>;
  /** Members behind the pace of their first weeks. */
  behind: Array<{ name: string; modulesCompleted: number; modulesExpected: number }>;
  mostMissed: Array<{ text: string; quizTitle: string; missRate: number; answers: number; href: string }>;
  /** Content entries whose review date has passed. */
  pastReview: Array<{ title: string; reviewBy: string; href: string }>;
}

export async function teamDigest(now: Date): Promise<TeamDigest> {
  const [progress, health] = await Promise.all([getTeamProgress({ now }), getContentHealth(undefined, now.toISOString().slice(0, 10))]);
  const members = progress.rows.filter((row) => !row.admin);
  const cutoff = now.getTime() - INACTIVE_DAYS * DAY_MS;
  const joinedBefore = (joinedAt: string | null) => joinedAt === null || Date.parse(joinedAt) <= cutoff;
  return {
    inactiveDays: INACTIVE_DAYS,
    inactive: members
      .filter((row) => (row.lastActive === 'null' ? joinedBefore(row.joinedAt) : Date.parse(row.lastActive) <= cutoff))
      .map((row) => ({ name: row.name, lastActive: row.lastActive === 'null' ? null : row.lastActive.slice(0, 10) })),
    behind: members
      .filter((row) => !row.onTrack)
      .map((row) => ({ name: row.name, modulesCompleted: row.modulesCompleted, modulesExpected: row.modulesExpected })),
    mostMissed: progress.knowledge.mostMissed.slice(0, MOST_MISSED).map((question) => ({
      text: question.text,
      quizTitle: question.quizTitle,
      missRate: question.missRate / 100,
      answers: question.answers,
      href: question.lesson?.href ?? '/team-progress',
    })),
    pastReview: health.rows
      .filter((row) => row.status === 'overdue')
      .map((row) => ({ title: row.title, reviewBy: row.reviewBy, href: row.href })),
  };
}

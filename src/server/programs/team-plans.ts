/**
 * Team Progress's plan columns: each member's plan computed from the team rollup's figures (the same
 * ./plan.ts as the member's own pages), so 500 members cost no read beyond the rollup.
 */
import type { Program } from '~/server/content/programs';
import { dayOf, isoDay } from '~/shared/review/days';
import type { QuestionBank } from '~/server/review/question-bank';
import type { MemberFigures } from '~/server/team/team-rollup-fold';
import { evidenceFromFigures, masteryModulesOf } from './evidence';
import { computePlan, planStatus, type CertificateStatus, type PlanStatus } from './plan';

/** The plan figures of one Team Progress row (docs/product.md "Team Progress (/team-progress)"). */
export interface PlanFigures {
  program: { id: string; title: string } | null;
  /** Day N of the program; null without one. */
  planDay: number | null;
  /** Required items done, of the required items. */
  planDone: number;
  planRequired: number;
  /** Required items done by a passed placement check. */
  planTestedOut: number;
  /** Required items past their due date and not done. */
  overdueItems: number;
  planStatus: PlanStatus;
  /** Required items not done and due within the next 7 days (today included). */
  dueSoon: number;
  /** The certificate of the current assignment once earned (expiresAt: ISO date-time), or null. */
  certificate: { title: string; expiresAt: string; status: CertificateStatus } | null;
}

/** A member without a program. */
export const NO_PLAN: PlanFigures = {
  program: null,
  planDay: null,
  planDone: 0,
  planRequired: 0,
  planTestedOut: 0,
  overdueItems: 0,
  planStatus: 'none',
  dueSoon: 0,
  certificate: null,
};

export function planFigures(
  figures: MemberFigures,
  programs: ReadonlyMap<string, Program>,
  bank: Pick<QuestionBank, 'byModule' | 'materialRevisions'>,
  now: Date,
): PlanFigures {
  const program = figures.assignment ? programs.get(figures.assignment.programId) : undefined;
  if (!figures.assignment || !program) return NO_PLAN;
  const plan = computePlan(program, figures.assignment, evidenceFromFigures(figures, bank, now, masteryModulesOf(program)), now);
  const today = isoDay(dayOf(now));
  const weekOut = isoDay(dayOf(now) + 7);
  return {
    program: { id: program.id, title: program.title },
    planDay: plan.day,
    planDone: plan.requiredDone,
    planRequired: plan.required,
    planTestedOut: plan.items.filter((item) => item.required && item.testedOut).length,
    overdueItems: plan.overdue,
    planStatus: planStatus(plan),
    dueSoon: plan.items.filter((item) => item.required && item.status !== 'done' && item.dueDate >= today && item.dueDate < weekOut).length,
    certificate: plan.certificate && {
      title: plan.certificate.title,
      expiresAt: plan.certificate.expiresAt,
      status: plan.certificate.status,
    },
  };
}

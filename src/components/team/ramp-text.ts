// The ramp chart's wording, shared by its picture and its table (docs/product.md "Team Progress (/team-progress)").
import type { CohortFigure } from '~/shared/team/ramp-chart';

export const RAMP_CHART_NAME = 'Share of each start-month cohort that reached each milestone by its target day';

/** "50 % (2 of 4)", or "nobody past day 14 yet"; "· 1 still in time" when some are not at the target day yet. */
export function cohortText(cohort: CohortFigure, targetDays: number): string {
  const share = cohort.share === null ? `nobody past day ${targetDays} yet` : `${cohort.share} % (${cohort.reached} of ${cohort.judged})`;
  return cohort.inTime > 0 ? `${share} · ${cohort.inTime} still in time` : share;
}

/** Ramp milestones (content/ramp-milestones.yaml, docs/product.md "Ramp milestones"): every one, and a role's. */
import { getCollection } from 'astro:content';
import type { RampMilestoneData } from '~/schemas/outcomes';
import { cached } from './cache';

export type RampMilestone = Omit<RampMilestoneData, 'review'>;

/** Every milestone, by target day, then in file order. */
export const getRampMilestones = (): Promise<RampMilestone[]> =>
  cached('rampMilestones', async () =>
    (await getCollection('rampMilestones'))
      .map(({ data: { review: _review, ...milestone } }) => milestone)
      .toSorted((a, b) => a.targetDays - b.targetDays),
  );

/** The milestones of the role a program prepares for. */
export async function milestonesOfProgram(programId: string): Promise<RampMilestone[]> {
  return (await getRampMilestones()).filter((milestone) => milestone.programs.includes(programId));
}

// Content collections of this concept, registered in src/content.config.ts.
// `rampMilestones`: the results new hires reach in their first months, per role, one list file
// content/ramp-milestones.yaml (entry ids are the authored `id`). Schema: src/schemas/outcomes.ts.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { rampMilestoneSchema } from '~/schemas/outcomes';

export const outcomeCollections = {
  rampMilestones: defineCollection({ loader: file('./content/ramp-milestones.yaml'), schema: rampMilestoneSchema }),
};

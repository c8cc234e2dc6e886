// Content collections of this concept, registered in src/content.config.ts.
// `practiceScenarios`: the scenarios reps rehearse, one YAML file each under content/practice/ (entry ids are the
// file names, "07-early-pricing-cost-per-building", whose number is the list order; the scenario's own id is
// in the file). Schema: src/schemas/practice.ts.
import { defineCollection } from 'astro:content';
import { glob } from './movable-glob';
import { practiceScenarioSchema } from '~/schemas/practice';

export const practiceCollections = {
  practiceScenarios: defineCollection({
    loader: glob({ base: './content/practice', pattern: '*.yaml' }),
    schema: practiceScenarioSchema,
  }),
};

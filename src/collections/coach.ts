// Content collections of this concept, registered in src/content.config.ts.
// `salesSituations`: the eight situations of the Sales Situations Coach, one YAML file each under
// content/sales-situations/ (guide: README.md there). Entry ids are the file names ("06-budget-pushback"),
// whose number is the display order; src/server/content/coach.ts sorts by it. Schema: src/schemas/coach.ts.
import { defineCollection } from 'astro:content';
import { glob } from './movable-glob';
import { salesSituationSchema } from '~/schemas/coach';

export const coachCollections = {
  salesSituations: defineCollection({
    loader: glob({ base: './content/sales-situations', pattern: '*.yaml' }),
    schema: salesSituationSchema,
  }),
};

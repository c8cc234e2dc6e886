// Content collections of this concept, registered in src/content.config.ts.
// `programs`: onboarding programs, one YAML file each under content/programs/ (editors' guide:
// content/README.md "Onboarding programs"). Entry ids are the authored `id`. Schema: src/schemas/programs.ts.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { programSchema } from '~/schemas/programs';

export const programCollections = {
  programs: defineCollection({
    loader: glob({
      base: './content/programs',
      pattern: '*.yaml',
      generateId: ({ entry, data }) => (typeof data['id'] === 'string' && data['id'] !== '' ? data['id'] : entry.replace(/\.ya?ml$/, '')),
    }),
    schema: programSchema,
  }),
};

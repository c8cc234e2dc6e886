// The external tools collection (home dashboard), registered in src/content.config.ts.
// Schema and field documentation: src/schemas/external-tools.ts.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { externalToolSchema } from '~/schemas/external-tools';

const externalTools = defineCollection({
  loader: file('./content/external-tools.yaml'),
  schema: externalToolSchema,
});

export const externalToolsCollections = { externalTools };

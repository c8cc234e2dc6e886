// Content collections of this concept, registered in src/content.config.ts.
// Schemas and field documentation: src/schemas/learning.ts.
//
// Entry ids are the authored numeric ids as strings (e.g. getEntry('lessons', '101')), so a duplicate
// id is reported by the loader; files without a usable id fall back to their path.
import { defineCollection } from 'astro:content';
import { glob } from './movable-glob';
import { lessonSchema, moduleSchema, quizSchema } from '~/schemas/learning';

type IdOptions = { entry: string; data: Record<string, unknown> };

/** The authored numeric `id` as the entry id, or the file path when it is missing or malformed. */
const idFromData = ({ entry, data }: IdOptions): string =>
  typeof data['id'] === 'number' && Number.isInteger(data['id']) && data['id'] > 0
    ? String(data['id'])
    : entry.replace(/\.(mdx?|ya?ml)$/, '');

const modules = defineCollection({
  loader: glob({ base: './content/modules', pattern: '*.{md,mdx}', generateId: idFromData }),
  schema: moduleSchema,
});

const lessons = defineCollection({
  loader: glob({ base: './content/lessons', pattern: '**/*.mdx', generateId: idFromData }),
  schema: lessonSchema,
});

const quizzes = defineCollection({
  loader: glob({ base: './content/quizzes', pattern: '*.yaml', generateId: idFromData }),
  schema: quizSchema,
});

export const learningCollections = { modules, lessons, quizzes };

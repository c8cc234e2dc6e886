// Content collections of the Sales Kit (/sales-kit), registered in src/content.config.ts.
// Schemas and their field guides: src/schemas/sales-kit.ts. Files: content/sales-kit/.
//
// - discoveryQuestions  content/sales-kit/discovery-questions.yaml  one entry per question (`id`)
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { discoveryQuestionSchema } from '~/schemas/sales-kit';

export const salesKitCollections = {
  discoveryQuestions: defineCollection({ loader: file('content/sales-kit/discovery-questions.yaml'), schema: discoveryQuestionSchema }),
};

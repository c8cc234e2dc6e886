// Content collections of the Sales Kit (/sales-kit), registered in src/content.config.ts.
// Schemas and their field guides: src/schemas/sales-kit.ts. Files: content/sales-kit/.
//
// - discoveryQuestions  content/sales-kit/discovery-questions.yaml  one entry per question (`id`)
// - objections         content/sales-kit/objections.yaml           one entry per objection (`id`)
// - caseStudies         content/sales-kit/case-studies/*.yaml       one file per customer (id = file name)
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { caseStudySchema } from '~/schemas/case-studies';
import { discoveryQuestionSchema, objectionSchema } from '~/schemas/sales-kit';

export const salesKitCollections = {
  discoveryQuestions: defineCollection({ loader: file('content/sales-kit/discovery-questions.yaml'), schema: discoveryQuestionSchema }),
  objections: defineCollection({ loader: file('content/sales-kit/objections.yaml'), schema: objectionSchema }),
  caseStudies: defineCollection({ loader: glob({ base: './content/sales-kit/case-studies', pattern: '*.yaml' }), schema: caseStudySchema }),
};

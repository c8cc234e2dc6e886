// Content collections of the Sales Kit (/sales-kit), registered in src/content.config.ts.
// Schemas and their field guides: src/schemas/sales-kit.ts. Files: content/sales-kit/.
//
// - discoveryQuestions  content/sales-kit/discovery-questions.yaml  one entry per question (`id`)
// - objections         content/sales-kit/objections.yaml           one entry per objection (`id`)
// - pricingPackages     content/sales-kit/pricing-packages.yaml     one entry per package (`id`)
// - pricingPolicy       content/sales-kit/pricing-policy.yaml       one entry, keyed `policy`
// - itSecurity          content/sales-kit/it-security.yaml          one entry per section of the fact sheet (`id`)
// - demoScripts         content/sales-kit/demo-scripts.yaml         one entry per buying role (`id`)
// - prospecting         content/sales-kit/prospecting.yaml          one three-touch sequence per persona (`id`)
// - outreach           content/sales-kit/outreach.yaml             one call script or e-mail per entry (`id`)
// - dealTemplates      content/sales-kit/deal-templates.yaml       the mutual action plan and the business case (`id`)
// - caseStudies         content/sales-kit/case-studies/*.yaml       one file per customer (id = file name)
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { glob } from './movable-glob';
import { caseStudySchema } from '~/schemas/case-studies';
import { dealTemplateSchema } from '~/schemas/deal-templates';
import { demoScriptSchema } from '~/schemas/demo-scripts';
import { itSectionSchema } from '~/schemas/it-security';
import { outreachTemplateSchema } from '~/schemas/outreach';
import { pricingPackageSchema, pricingPolicySchema } from '~/schemas/pricing';
import { discoveryQuestionSchema, objectionSchema, prospectingSequenceSchema } from '~/schemas/sales-kit';

export const salesKitCollections = {
  discoveryQuestions: defineCollection({ loader: file('content/sales-kit/discovery-questions.yaml'), schema: discoveryQuestionSchema }),
  objections: defineCollection({ loader: file('content/sales-kit/objections.yaml'), schema: objectionSchema }),
  pricingPackages: defineCollection({ loader: file('content/sales-kit/pricing-packages.yaml'), schema: pricingPackageSchema }),
  pricingPolicy: defineCollection({ loader: file('content/sales-kit/pricing-policy.yaml'), schema: pricingPolicySchema }),
  itSecurity: defineCollection({ loader: file('content/sales-kit/it-security.yaml'), schema: itSectionSchema }),
  demoScripts: defineCollection({ loader: file('content/sales-kit/demo-scripts.yaml'), schema: demoScriptSchema }),
  prospecting: defineCollection({ loader: file('content/sales-kit/prospecting.yaml'), schema: prospectingSequenceSchema }),
  outreach: defineCollection({ loader: file('content/sales-kit/outreach.yaml'), schema: outreachTemplateSchema }),
  dealTemplates: defineCollection({ loader: file('content/sales-kit/deal-templates.yaml'), schema: dealTemplateSchema }),
  caseStudies: defineCollection({ loader: glob({ base: './content/sales-kit/case-studies', pattern: '*.yaml' }), schema: caseStudySchema }),
};

// The Sales Kit's collections as the content check, the content report and Content health see them
// (the rest are in ./sources.ts, whose list ends with these).
import { caseStudySchema } from '~/schemas/case-studies';
import { dealTemplateSchema } from '~/schemas/deal-templates';
import { demoScriptSchema } from '~/schemas/demo-scripts';
import { itSectionSchema } from '~/schemas/it-security';
import { outreachTemplateSchema } from '~/schemas/outreach';
import { pricingPackageSchema, pricingPolicySchema } from '~/schemas/pricing';
import { discoveryQuestionSchema, objectionSchema, prospectingSequenceSchema } from '~/schemas/sales-kit';
import { field, file, fixed, glob, salesKit, type ContentSource } from './source-helpers';

export const SALES_KIT_SOURCES: readonly ContentSource[] = [
  {
    collection: 'discoveryQuestions',
    noun: 'discovery question',
    files: file('content/sales-kit/discovery-questions.yaml'),
    schema: discoveryQuestionSchema,
    titleOf: field('question'),
    hrefOf: salesKit('discovery-questions', 'question'),
  },
  {
    collection: 'caseStudies',
    noun: 'case study',
    files: glob('content/sales-kit/case-studies', 'yaml'),
    schema: caseStudySchema,
    titleOf: field('customer'),
    hrefOf: salesKit('case-studies', 'case'),
  },
  {
    collection: 'objections',
    noun: 'objection',
    files: file('content/sales-kit/objections.yaml'),
    schema: objectionSchema,
    titleOf: field('objection'),
    hrefOf: salesKit('objections', 'objection'),
  },
  {
    collection: 'pricingPackages',
    noun: 'package',
    files: file('content/sales-kit/pricing-packages.yaml'),
    schema: pricingPackageSchema,
    titleOf: field('name'),
    hrefOf: salesKit('pricing', 'package'),
  },
  {
    collection: 'pricingPolicy',
    noun: 'pricing policy',
    files: file('content/sales-kit/pricing-policy.yaml'),
    schema: pricingPolicySchema,
    titleOf: fixed('Pricing policy'),
    hrefOf: fixed('/sales-kit/pricing#contract-terms'),
  },
  {
    collection: 'itSecurity',
    noun: 'IT fact sheet section',
    files: file('content/sales-kit/it-security.yaml'),
    schema: itSectionSchema,
    titleOf: field('title'),
    hrefOf: salesKit('it-security', 'it'),
  },
  {
    collection: 'demoScripts',
    noun: 'demo script',
    files: file('content/sales-kit/demo-scripts.yaml'),
    schema: demoScriptSchema,
    titleOf: field('title'),
    hrefOf: salesKit('demo-scripts', 'script'),
  },
  {
    collection: 'prospecting',
    noun: 'prospecting sequence',
    files: file('content/sales-kit/prospecting.yaml'),
    schema: prospectingSequenceSchema,
    titleOf: (_, id) => `Sequence ${id}`,
    hrefOf: salesKit('prospecting', 'sequence'),
  },
  {
    collection: 'outreach',
    noun: 'call script or e-mail',
    files: file('content/sales-kit/outreach.yaml'),
    schema: outreachTemplateSchema,
    titleOf: field('title'),
    hrefOf: salesKit('outreach', 'outreach'),
  },
  {
    collection: 'dealTemplates',
    noun: 'deal template',
    files: file('content/sales-kit/deal-templates.yaml'),
    schema: dealTemplateSchema,
    titleOf: field('title'),
    hrefOf: salesKit('deal-templates', 'template'),
  },
];

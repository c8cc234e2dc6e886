/**
 * Every content collection as the build check, the content report and the Content health page see it:
 * where its files are (the same files and entry ids as the loaders of src/collections/), its schema,
 * the noun an editor reads in messages, and how to name and link one entry. A unit test keeps this list
 * equal to the collections of src/content.config.ts.
 */
import { icpSchema, personaSchema, segmentSchema } from '~/schemas/buyers';
import { salesSituationSchema } from '~/schemas/coach';
import {
  companySchema,
  coreValueSchema,
  differentiatorsSchema,
  historyEntrySchema,
  teamMemberSchema,
  valuePropositionSchema,
} from '~/schemas/company';
import { externalToolSchema } from '~/schemas/external-tools';
import { factSchema } from '~/schemas/facts';
import { abbreviationSchema, competitorSchema, glossaryTermSchema, industryOverviewSchema, leaseTypeSchema } from '~/schemas/industry';
import { lessonSchema, moduleSchema, quizSchema } from '~/schemas/learning';
import { productFeatureNarrativeSchema, productFeatureSchema, productIntegrationGroupSchema } from '~/schemas/product';
import { practiceScenarioSchema } from '~/schemas/practice';
import { programSchema } from '~/schemas/programs';
import { rampMilestoneSchema } from '~/schemas/outcomes';
import { customerExampleRowSchema, resourceSchema } from '~/schemas/resources';
import { SALES_KIT_SOURCES } from './sales-kit-sources';
import { company, field, file, fixed, glob, industry, type ContentSource } from './source-helpers';

export const CONTENT_SOURCES: readonly ContentSource[] = [
  {
    collection: 'modules',
    noun: 'module',
    files: glob('content/modules', 'mdx', 'data'),
    schema: moduleSchema,
    titleOf: field('title'),
    hrefOf: (_, id) => `/modules/${id}`,
  },
  {
    collection: 'lessons',
    noun: 'lesson',
    files: glob('content/lessons', 'mdx', 'data', true),
    schema: lessonSchema,
    titleOf: field('title'),
    hrefOf: (data, id) => `/modules/${String(data['moduleId'])}/lessons/${id}`,
  },
  {
    collection: 'quizzes',
    noun: 'quiz',
    files: glob('content/quizzes', 'yaml', 'data'),
    schema: quizSchema,
    titleOf: field('title'),
    hrefOf: (_, id) => `/quizzes/${id}`,
  },
  {
    collection: 'personas',
    noun: 'persona',
    files: glob('content/personas', 'yaml'),
    schema: personaSchema,
    titleOf: field('name'),
    hrefOf: (data) => `/personas/${String(data['id'])}`,
  },
  {
    collection: 'segments',
    noun: 'buyer segment',
    files: glob('content/segments', 'yaml'),
    schema: segmentSchema,
    titleOf: field('name'),
    hrefOf: (data) => `/buyer-segments/${String(data['id'])}`,
  },
  {
    collection: 'icp',
    noun: 'ideal customer profile',
    files: glob('content/icp', 'yaml'),
    schema: icpSchema,
    titleOf: field('title'),
    hrefOf: fixed('/ideal-customer-profile'),
  },
  {
    collection: 'salesSituations',
    noun: 'sales situation',
    files: glob('content/sales-situations', 'yaml'),
    schema: salesSituationSchema,
    titleOf: field('name'),
    hrefOf: fixed('/sales-situations'),
  },
  {
    collection: 'practiceScenarios',
    noun: 'practice scenario',
    files: glob('content/practice', 'yaml'),
    schema: practiceScenarioSchema,
    titleOf: field('title'),
    hrefOf: (data, id) => `/practice/${String(data['id'] ?? id)}`,
  },
  {
    collection: 'programs',
    noun: 'onboarding program',
    files: glob('content/programs', 'yaml'),
    schema: programSchema,
    titleOf: field('title'),
    hrefOf: fixed('/plan'),
  },
  {
    collection: 'rampMilestones',
    noun: 'ramp milestone',
    files: file('content/ramp-milestones.yaml'),
    schema: rampMilestoneSchema,
    titleOf: field('title'),
    hrefOf: fixed('/plan'),
  },
  {
    collection: 'productFeatures',
    noun: 'product feature',
    files: glob('content/product/features', 'yaml'),
    schema: productFeatureSchema,
    titleOf: field('title'),
    hrefOf: fixed('/product?tab=features'),
  },
  {
    collection: 'productFeatureNarratives',
    noun: 'feature narrative',
    files: file('content/product/feature-narratives.yaml'),
    schema: productFeatureNarrativeSchema,
    titleOf: (_, id) => `Feature texts (${id})`,
    hrefOf: fixed('/product?tab=features'),
  },
  {
    collection: 'productIntegrationGroups',
    noun: 'integration group',
    files: glob('content/product/integrations', 'yaml'),
    schema: productIntegrationGroupSchema,
    titleOf: field('title'),
    hrefOf: fixed('/product?tab=integrations'),
  },
  {
    collection: 'resources',
    noun: 'resource',
    files: glob('content/resources/library', 'yaml'),
    schema: resourceSchema,
    titleOf: field('title'),
    hrefOf: (data) => (data['category'] === 'customer-examples' ? '/resources?tab=customer-examples' : '/resources?tab=sales-resources'),
  },
  {
    collection: 'resourceCustomerExamples',
    noun: 'customer-examples row',
    files: file('content/resources/customer-examples.yaml'),
    schema: customerExampleRowSchema,
    titleOf: field('segment'),
    hrefOf: fixed('/resources?tab=customer-examples'),
  },
  {
    collection: 'company',
    noun: 'company profile',
    files: file('content/company/company.yaml'),
    schema: companySchema,
    titleOf: field('name'),
    hrefOf: fixed('/company-overview'),
  },
  {
    collection: 'companyValueProps',
    noun: 'value proposition',
    files: file('content/company/value-propositions.yaml'),
    schema: valuePropositionSchema,
    titleOf: field('name'),
    hrefOf: company('valueProps'),
  },
  {
    collection: 'companyDifferentiators',
    noun: 'differentiators section',
    files: file('content/company/differentiators.yaml'),
    schema: differentiatorsSchema,
    titleOf: fixed('Differentiators'),
    hrefOf: company('differentiators'),
  },
  {
    collection: 'companyCoreValues',
    noun: 'core value',
    files: file('content/company/core-values.yaml'),
    schema: coreValueSchema,
    titleOf: field('name'),
    hrefOf: company('coreValues'),
  },
  {
    collection: 'companyTeam',
    noun: 'team member',
    files: file('content/company/team.yaml'),
    schema: teamMemberSchema,
    titleOf: field('name'),
    hrefOf: company('team'),
  },
  {
    collection: 'companyHistory',
    noun: 'history entry',
    files: file('content/company/history.yaml'),
    schema: historyEntrySchema,
    titleOf: (data, id) => (typeof data['title'] === 'string' ? `${String(data['year'])}: ${data['title']}` : id),
    hrefOf: company('history'),
  },
  {
    collection: 'industryOverview',
    noun: 'industry overview',
    files: file('content/industry/overview.yaml'),
    schema: industryOverviewSchema,
    titleOf: field('title'),
    hrefOf: industry('industry-overview'),
  },
  {
    collection: 'industryLeaseTypes',
    noun: 'lease type',
    files: file('content/industry/lease-types.yaml'),
    schema: leaseTypeSchema,
    titleOf: field('name'),
    hrefOf: industry('industry-overview'),
  },
  {
    collection: 'industryCompetitors',
    noun: 'competitor',
    files: file('content/industry/competitors.yaml'),
    schema: competitorSchema,
    titleOf: field('name'),
    hrefOf: industry('competitive-landscape'),
  },
  {
    collection: 'industryAbbreviations',
    noun: 'abbreviation',
    files: file('content/industry/abbreviations.yaml'),
    schema: abbreviationSchema,
    titleOf: (_, id) => id,
    hrefOf: industry('terms-acronyms'),
  },
  {
    collection: 'industryGlossary',
    noun: 'glossary term',
    files: file('content/industry/glossary.yaml'),
    schema: glossaryTermSchema,
    titleOf: (_, id) => id,
    hrefOf: industry('terms-acronyms'),
  },
  {
    collection: 'externalTools',
    noun: 'external tool',
    files: file('content/external-tools.yaml'),
    schema: externalToolSchema,
    titleOf: field('name'),
    hrefOf: fixed('/'),
  },
  ...SALES_KIT_SOURCES,
  {
    collection: 'facts',
    noun: 'product fact',
    files: { kind: 'lists', dir: 'content/facts' },
    schema: factSchema,
    titleOf: field('title'),
    hrefOf: (data) => (typeof data['page'] === 'string' ? data['page'] : '/'),
  },
];

// Content collections of the Company Overview page, registered in src/content.config.ts.
// Schemas and their documentation: src/schemas/company.ts. Files: content/company/. Loaded with file(); see each file header.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import {
  companySchema,
  coreValueSchema,
  differentiatorsSchema,
  historyEntrySchema,
  teamMemberSchema,
  valuePropositionSchema,
} from '~/schemas/company';

export const companyCollections = {
  company: defineCollection({ loader: file('content/company/company.yaml'), schema: companySchema }),
  companyValueProps: defineCollection({ loader: file('content/company/value-propositions.yaml'), schema: valuePropositionSchema }),
  companyDifferentiators: defineCollection({ loader: file('content/company/differentiators.yaml'), schema: differentiatorsSchema }),
  companyCoreValues: defineCollection({ loader: file('content/company/core-values.yaml'), schema: coreValueSchema }),
  companyTeam: defineCollection({ loader: file('content/company/team.yaml'), schema: teamMemberSchema }),
  companyHistory: defineCollection({ loader: file('content/company/history.yaml'), schema: historyEntrySchema }),
};

// Content collections of the Industry Knowledge page, registered in src/content.config.ts.
// Schemas and their documentation: src/schemas/industry.ts. Files: content/industry/. Loaded with file(); see each file header.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { abbreviationSchema, competitorSchema, glossaryTermSchema, industryOverviewSchema, leaseTypeSchema } from '~/schemas/industry';

export const industryCollections = {
  industryOverview: defineCollection({ loader: file('content/industry/overview.yaml'), schema: industryOverviewSchema }),
  industryLeaseTypes: defineCollection({ loader: file('content/industry/lease-types.yaml'), schema: leaseTypeSchema }),
  industryCompetitors: defineCollection({ loader: file('content/industry/competitors.yaml'), schema: competitorSchema }),
  industryAbbreviations: defineCollection({ loader: file('content/industry/abbreviations.yaml'), schema: abbreviationSchema }),
  industryGlossary: defineCollection({ loader: file('content/industry/glossary.yaml'), schema: glossaryTermSchema }),
};

// Content collections of this concept, registered in src/content.config.ts.
// Schemas (documented field by field): src/schemas/product.ts and src/schemas/resources.ts.
//
// - productFeatures           content/product/features/*.yaml        one file per core feature (`order`)
// - productFeatureNarratives  content/product/feature-narratives.yaml 'Why it matters' / 'How we help'
//                                                                     keyed first / second / other
// - productIntegrationGroups  content/product/integrations/*.yaml    one file per integration group
// - resources                 content/resources/library/*.yaml       one file per resource (id = file name)
// - resourceCustomerExamples  content/resources/customer-examples.yaml  one row per buyer segment
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { glob } from './movable-glob';
import { productFeatureNarrativeSchema, productFeatureSchema, productIntegrationGroupSchema } from '~/schemas/product';
import { customerExampleRowSchema, resourceSchema } from '~/schemas/resources';

export const productCollections = {
  productFeatures: defineCollection({
    loader: glob({ base: './content/product/features', pattern: '*.{yaml,yml}' }),
    schema: productFeatureSchema,
  }),
  productFeatureNarratives: defineCollection({
    loader: file('content/product/feature-narratives.yaml'),
    schema: productFeatureNarrativeSchema,
  }),
  productIntegrationGroups: defineCollection({
    loader: glob({ base: './content/product/integrations', pattern: '*.{yaml,yml}' }),
    schema: productIntegrationGroupSchema,
  }),
  resources: defineCollection({
    loader: glob({ base: './content/resources/library', pattern: '*.{yaml,yml}' }),
    schema: resourceSchema,
  }),
  resourceCustomerExamples: defineCollection({
    loader: file('content/resources/customer-examples.yaml'),
    schema: customerExampleRowSchema,
  }),
};

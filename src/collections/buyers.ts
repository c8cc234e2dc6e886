// Content collections of the buyers concept, registered in src/content.config.ts.
// Schemas (and the authoring guide for each field) live in src/schemas/buyers.ts.
import { defineCollection } from 'astro:content';
import { glob } from './movable-glob';
import { icpSchema, personaSchema, segmentSchema } from '~/schemas/buyers';

export const buyersCollections = {
  /** Buyer segments (docs/product.md "Buyer Segments (/buyer-segments)"): one YAML file per segment, content/segments/*.yaml. */
  segments: defineCollection({
    loader: glob({ base: './content/segments', pattern: '**/*.{yaml,yml}' }),
    schema: segmentSchema,
  }),
  /** Buyer personas (docs/product.md "Persona detail (/personas/{id})"): one YAML file per persona, content/personas/*.yaml. */
  personas: defineCollection({
    loader: glob({ base: './content/personas', pattern: '**/*.{yaml,yml}' }),
    schema: personaSchema,
  }),
  /**
   * The ideal customer profile and red flags (docs/product.md
   * "Ideal Customer Profile (/ideal-customer-profile)"): content/icp/ideal-customer-profile.yaml.
   */
  icp: defineCollection({
    loader: glob({ base: './content/icp', pattern: '**/*.{yaml,yml}' }),
    schema: icpSchema,
  }),
};

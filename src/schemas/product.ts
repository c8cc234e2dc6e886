/**
 * Content schemas of the Product page (docs/product.md "Product (/product)"; the integrations are counted in docs/product.md "Constants").
 *
 * - `productFeatures`: one YAML file per core feature in `content/product/features/`, shown in `order`.
 * - `productFeatureNarratives`: `content/product/feature-narratives.yaml`, the 'Why it matters' and
 *   'How we help' texts. The product chooses them by POSITION, not by feature: the first feature shows the
 *   `first` texts, the second feature the `second` texts, every other feature the `other` texts.
 * - `productIntegrationGroups`: one YAML file per integration group in `content/product/integrations/`,
 *   each listing its integrations with an Active or Planned status.
 *
 * Every object is a `z.strictObject`, so a misspelt or missing field fails the build naming file and field.
 */
import { z } from 'astro/zod';
import { iconName, review, text } from './common';
import { factCitations } from './facts';

const icon = iconName('search');

/** Each feature lists its key capabilities (docs/product.md "Product (/product)"); we ask for at least four so the card is useful. */
const MIN_CAPABILITIES = 4;

export const productFeatureSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    order: z
      .number()
      .int()
      .min(1)
      .describe(
        'Position on the Features tab, 1 = first. Decides which narrative texts the feature shows (1 → first, 2 → second, 3+ → other).',
      ),
    title: text('Feature name as shown on the card, e.g. "Property Search Engine".'),
    icon,
    tagline: text("One line under the title: what the feature is, in the buyer's words."),
    description: text('Two to four sentences: what the feature does and for whom.'),
    capabilities: z
      .array(text('One key capability: a short, concrete statement of something the feature does.'))
      .min(MIN_CAPABILITIES)
      .describe(`Key capabilities, at least ${MIN_CAPABILITIES}, most important first.`),
    businessImpact: text('The business impact for a CRE team: the outcome a buyer can expect, in one short paragraph.'),
    talkingPoint: text('A one-sentence line a rep can say on a call to introduce the feature.'),
  })
  .describe('One of the six core product features.');

export const productFeatureNarrativeSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    whyItMatters: text("The 'Why it matters' text: the market problem, from the buyer's side."),
    howWeHelp: text("The 'How we help' text: how the product answers that problem."),
  })
  .describe('The texts shown with every feature at one position (entry id: first, second or other).');

const INTEGRATION_STATUSES = ['Active', 'Planned'] as const;

/** The five integration groups of docs/product.md "Product (/product)", in display order; the group file name is its id. */
const INTEGRATION_GROUP_IDS = ['crm-systems', 'property-management', 'cre-marketplaces', 'marketing-tools', 'visual-tools'] as const;

const integrationSchema = z
  .strictObject({
    name: text('Product name of the integration partner, e.g. "Salesforce".'),
    description: text('What the integration does for a Parcelwise customer, in one or two sentences.'),
    status: z
      .enum(INTEGRATION_STATUSES)
      .describe('Active (customers can connect it today) or Planned (on the roadmap). All built-in ones are Active.'),
  })
  .describe('One integration of a group.');

export const productIntegrationGroupSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    group: z
      .enum(INTEGRATION_GROUP_IDS)
      .describe('Which group this file is: crm-systems, property-management, cre-marketplaces, marketing-tools or visual-tools.'),
    order: z.number().int().min(1).describe('Position on the Integrations tab, 1 = first.'),
    title: text('Group heading, e.g. "CRM Systems".'),
    icon,
    description: text('One sentence: why a CRE team connects tools of this kind.'),
    integrations: z.array(integrationSchema).min(1).describe('The integrations of this group, in display order.'),
  })
  .describe('A group of integrations on the Integrations tab.');

export type ProductFeatureData = z.infer<typeof productFeatureSchema>;
/** Which narrative a feature shows, by its position in the list (docs/product.md "Product (/product)"). */
export type FeaturePosition = 'first' | 'second' | 'other';
export type IntegrationGroupId = (typeof INTEGRATION_GROUP_IDS)[number];
export type ProductIntegrationGroupData = z.infer<typeof productIntegrationGroupSchema>;

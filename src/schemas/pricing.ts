/**
 * Content schemas of the Sales Kit's pricing and packaging (content/sales-kit/): the packages and what
 * each holds (pricing-packages.yaml, one entry per package), and the pricing policy every package shares
 * (pricing-policy.yaml, one entry keyed `policy`): what drives the price, what every subscription
 * includes, the contract terms, the discount rules with who approves them, and how to talk about price
 * early. No list prices: they live on the price sheet sales leadership keeps, because they change.
 */
import { z } from 'astro/zod';
import { review, text, textList } from './common';
import { factCitations } from './facts';

const TEAM_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const pricingPackageSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: z.string().regex(TEAM_ID, 'must be a lowercase slug like launch').describe('Stable id of the package, a slug such as "launch".'),
    order: z.number().int().min(1).describe('Position on the pricing page, 1 = first (smallest package first).'),
    name: text('The package name as the proposal writes it, e.g. "Launch".'),
    summary: text('What the package is for, in one sentence.'),
    bestFor: text('Who it fits: segments, tiers and situations.'),
    features: textList('The core features it holds, each exactly as titled on the Product page (checked at build).'),
  })
  .describe('One package of the Sales Kit pricing page.');
export type PricingPackageEntry = z.infer<typeof pricingPackageSchema>;

const termSchema = z
  .strictObject({
    term: text('The term, e.g. "Renewal".'),
    detail: text('What it says, in plain words a prospect can be told.'),
  })
  .describe('One typical contract term.');

const discountRuleSchema = z
  .strictObject({
    discount: text('The discount or exception, e.g. "11–20 % off the first-year subscription".'),
    when: text('When it may be offered, and what the customer gives in return.'),
    approverIds: z
      .array(z.string().regex(TEAM_ID, 'must be a team member id like sofia-ramirez'))
      .describe('Team members (content/company/team.yaml) who approve it, in order; empty when the account executive decides alone.'),
  })
  .describe('One discount rule and who approves it.');

export const pricingPolicySchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    priceDrivers: textList('What the price depends on, most important first.'),
    alwaysIncluded: textList('What every subscription includes whatever the package (never priced or discounted separately).'),
    contractTerms: z.array(termSchema).min(3).describe('The typical contract terms, as a proposal states them.'),
    discountRules: z.array(discountRuleSchema).min(2).describe('The discount rules, smallest first, with who approves each.'),
    neverDo: textList('What no one offers, whatever the approval.'),
    earlyPriceTalk: z
      .strictObject({
        sayThis: text('The talk track when price comes up early, in the first person.'),
        steps: textList('The steps, in order, from the question to the range.'),
        whereTheNumbersAre: text('Where the current list prices and ranges are, and who keeps them.'),
      })
      .describe('How to talk about price early (lesson 604 and the Early Pricing Conversation situation).'),
  })
  .describe('The pricing policy all packages share.');
export type PricingPolicy = z.infer<typeof pricingPolicySchema>;

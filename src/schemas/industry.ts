/**
 * Content schemas of the Industry Knowledge page (docs/product.md "Industry Knowledge (/industry-knowledge)"). All files live in
 * `content/industry/`:
 *
 * - `industryOverview`: `overview.yaml`, one entry keyed `market` — market size and structure, property
 *   segments, stakeholders, trends and challenges (the industry-overview tab).
 * - `industryLeaseTypes`: `lease-types.yaml`, one entry per lease type, shown in `order`.
 * - `industryCompetitors`: `competitors.yaml`, the six competitor cards in `order` (fictional companies, docs/decisions.md),
 *   each with its battlecard (the Sales Kit's /sales-kit/battlecards).
 * - `industryAbbreviations`: `abbreviations.yaml`, keyed by the abbreviation itself (e.g. `NOI`).
 * - `industryGlossary`: `glossary.yaml`, keyed by the term itself (e.g. `Net absorption`).
 *
 * Public industry knowledge is real and correct; competitor names are fictional composites. Every object
 * is a `z.strictObject`, so a misspelt or missing field fails the build naming file and field.
 */
import { z } from 'astro/zod';
import { calendarDate, iconName, review, text } from './common';
import { factCitations } from './facts';

const list = (item: string, description: string, min = 1) => z.array(text(item)).min(min).describe(description);
const id = (description: string) =>
  z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case kebab-case, e.g. "triple-net".')
    .describe(description);
const icon = iconName('building');

export const industryOverviewSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    title: text('Heading of the Industry Knowledge page.'),
    summary: text('Introduction to the CRE industry for a new hire, two to four sentences.'),
    marketSize: z
      .strictObject({
        stats: z
          .array(
            z.strictObject({
              value: text('The figure as shown, e.g. "≈ $4.7 trillion".'),
              label: text('What the figure measures.'),
              detail: text('Source or caveat, one sentence.'),
            }),
          )
          .min(3)
          .describe('Headline figures of the market size.'),
        caveat: text('How to use the figures with customers (they are rounded estimates).'),
      })
      .describe('Market size.'),
    structure: z
      .array(
        z.strictObject({
          title: text('A part of the market, e.g. "Owners and capital".'),
          description: text('How that part works, two to four sentences.'),
        }),
      )
      .min(3)
      .describe('Market structure: who owns, finances, leases, sells and operates CRE.'),
    segments: z
      .array(
        z.strictObject({
          id: id('Stable id, e.g. "office".'),
          name: text('The property segment, e.g. "Office".'),
          icon,
          description: text('What the segment is and its sub-types.'),
          marketing: text('What marketing looks like in this segment.'),
          metrics: list('A metric, e.g. "Asking rent $/SF/yr".', 'Metrics that matter in this segment.', 2),
        }),
      )
      .min(4)
      .describe('Property segments (office, industrial, retail, multifamily, …).'),
    stakeholders: z
      .array(
        z.strictObject({
          name: text('The stakeholder, e.g. "Leasing (agency) brokers".'),
          role: text('What they do in a deal or a building.'),
          needs: text('What they need from marketing, and so from Parcelwise.'),
        }),
      )
      .min(4)
      .describe('The people and organisations in a CRE deal.'),
    trends: z
      .array(
        z.strictObject({
          title: text('The trend, a short phrase.'),
          description: text('What is happening, two or three sentences.'),
          implication: text('What it means for our customers and our conversations.'),
        }),
      )
      .min(3)
      .describe('Current industry trends.'),
    challenges: z
      .array(
        z.strictObject({
          title: text('The challenge, a short phrase.'),
          description: text('Why it hurts CRE teams.'),
          howWeHelp: text('How Parcelwise helps, one or two sentences.'),
        }),
      )
      .min(3)
      .describe('Challenges CRE teams face.'),
    competitorsIntro: text('Introduction of the competitive-landscape tab: how to use the competitor cards.'),
  })
  .describe('The industry-overview tab (entry id: market).');

export const leaseTypeSchema = z
  .strictObject({
    review: review(),
    id: id('Stable id, e.g. "triple-net".'),
    order: z.number().int().min(1).describe('Position in the lease-types section, 1 = first.'),
    name: text('The lease type, e.g. "Triple net (NNN)".'),
    alsoKnownAs: z.array(text('Another name.')).optional().describe('Other names used in the market.'),
    description: text('How the lease works, two or three sentences.'),
    tenantPays: list('A cost the tenant pays.', 'Costs the tenant pays.'),
    landlordPays: z.array(text('A cost the landlord pays.')).describe('Costs the landlord pays (may be empty for absolute net).'),
    commonIn: list('A segment or situation.', 'Where this lease type is common.'),
    marketingNote: text('What to keep in mind when a listing quotes this lease type.'),
  })
  .describe('One commercial lease type.');

/** What a rep needs against one competitor in a deal; every claim dated, since competitors change. */
const battlecardSchema = z
  .strictObject({
    asOf: calendarDate('Date (YYYY-MM-DD) the claims of the battlecard were last checked; the page shows "as of" it.'),
    pricingModel: text('How it prices and contracts, e.g. "Per user, with a free tier; monthly or annual plans".'),
    plantQuestion: text("The fair question about the buyer's own work to plant early, which its weak spot answers."),
    theySay: z
      .array(
        z
          .strictObject({
            claim: text('What its reps say about Parcelwise.'),
            answer: text('The true answer today, "not yet" included.'),
          })
          .describe('One landmine its reps plant, and the answer.'),
      )
      .min(1)
      .describe('What its reps say about us, and the true answer to each.'),
    whenWeLose: text('When we tend to lose to it, so reps qualify out early.'),
  })
  .describe('The battlecard of a competitor: pricing model, the question to plant, landmines, when we lose.');

export const competitorSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: id('Stable id, e.g. "listora".'),
    order: z.number().int().min(1).describe('Position on the competitive-landscape tab, 1 = first.'),
    name: text('Fictional competitor name (docs/decisions.md: no real company next to claims).'),
    category: text('The kind of solution it stands for, e.g. "Listing-marketing point tool".'),
    summary: text('What it is and who buys it, one or two sentences.'),
    strengths: list('One strength.', 'Where it is genuinely strong; at least three.', 3),
    weaknesses: list('One weakness.', 'Where it falls short for CRE marketing teams; at least three.', 3),
    howWeWin: list('One winning move.', 'How we win against it; at least three.', 3),
    battlecard: battlecardSchema,
  })
  .describe('One competitor card: strengths, weaknesses, how we win, and the battlecard for a live deal.');

export const abbreviationSchema = z
  .strictObject({
    review: review(),
    expansion: text('What the abbreviation stands for.'),
    meaning: text('What it means in practice, one or two sentences.'),
  })
  .describe('One abbreviation; the entry id (YAML key) is the abbreviation itself.');

export const glossaryTermSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its definition').describe(
      'Optional: the ids of the facts (content/facts) a definition states about Parcelwise ("Parcelwise bills annually in advance"), so that a fact\'s review brings the term back on Content health. Definitions are not read for claims (they name the standards and contract terms themselves), so cite by hand.',
    ),
    definition: text('A correct, plain-English definition, one to three sentences.'),
    related: z.array(text('Another glossary term or abbreviation.')).optional().describe('Related terms.'),
  })
  .describe('One glossary term; the entry id (YAML key) is the term itself.');

export type IndustryOverview = z.infer<typeof industryOverviewSchema>;
export type MarketSegment = IndustryOverview['segments'][number];
export type LeaseType = z.infer<typeof leaseTypeSchema>;
export type Competitor = z.infer<typeof competitorSchema>;
/** An abbreviation entry with its key folded in. */
export type Abbreviation = z.infer<typeof abbreviationSchema> & { abbreviation: string };
/** A glossary entry with its key folded in. */
export type GlossaryTerm = z.infer<typeof glossaryTermSchema> & { term: string };

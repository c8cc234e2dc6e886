/**
 * Content schemas of the buyers concept (docs/product.md "Buyer Segments (/buyer-segments)", "Buyer segment
 * detail (/buyer-segments/{id})", "Persona detail (/personas/{id})" and "Ideal Customer Profile (/ideal-customer-profile)"; the ICP
 * tiers, disqualification, persona ages, sales cycle and churn window are also in its "Constants").
 *
 * Every collection is a strict object, so a misspelt or unknown field fails the build with a message
 * naming the file and the field. Every field says what it is for, so editors can read this file as the
 * authoring guide for content/segments, content/personas and content/icp.
 */
import { z } from 'astro/zod';
import { review, text, textList } from './common';
import { factCitations } from './facts';
import { PERSONA_ROLES, PERSONA_SEGMENTS, SEGMENT_COLORS, SEGMENT_ICONS } from '~/shared/vocabulary';

// ─── Enums ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Persona ages of the Buyer Personas block (docs/product.md
 * "Buyer segment detail (/buyer-segments/{id})"): champions 30-45, decision makers 45-65.
 */
export const CHAMPION_AGE = '30-45';
export const DECISION_MAKER_AGE = '45-65';

// ─── Segments: content/segments/*.yaml ────────────────────────────────────────────────────────────

/** The fixed profile text of one buyer persona of a segment (the Champion / Decision Maker tabs). */
const segmentBuyerPersona = <Age extends string>(age: Age) =>
  z.strictObject({
    title: text('Typical job title(s) of this persona in the segment, e.g. "Director of Marketing".'),
    decisionFactors: text('What decides the purchase for this persona, in one or two sentences.'),
    age: z.literal(age).describe(`Age range shown on the profile; always "${age}".`),
    background: text('Career background and day-to-day work of this persona.'),
    goals: textList('What this persona is trying to achieve this year.'),
    whyIWontBuy: textList("Objections in the persona's own voice: the reasons they would not buy."),
    whyIWontBuyResponses: textList(
      "A one-line response to each \"Why I Won't Buy\" item, in the same order (item n answers whyIWontBuy[n]; same count, checked in tests/unit/content-buyers.test.ts). Drawn from the coach's plays and this segment's talking points; true to the product.",
    ),
    whatICareAbout: textList('What this persona cares about, in their own voice.'),
  });

export const segmentSchema = z.strictObject({
  review: review(),
  facts: factCitations('its text'),
  id: z.number().int().positive().describe('Stable numeric id used in /buyer-segments/{id} and /api/segments/{id} (8-11).'),
  name: text('Segment name, e.g. "Building Owners". Also selects the Buyer Personas text; shown once per name.'),
  description: text('Two to four sentences on who this segment is and how they make money.'),
  icon: z.enum(SEGMENT_ICONS).default('Users').describe('Card and header icon: Building, Briefcase, Users or User (default Users).'),
  color: z.enum(SEGMENT_COLORS).default('indigo').describe('Colour theme: indigo, sky, emerald or amber (default indigo).'),
  ecosystemRole: text("One sentence on this segment's place in the CRE ecosystem, shown in the ecosystem diagram."),
  careAbout: textList('"What They Care About": the business outcomes this segment is measured on.'),
  talkingPoints: textList('"Talking Points": how a rep connects Parcelwise to those outcomes.'),
  examples: z
    .array(
      z.strictObject({
        name: text('Display name of the example site (fictional company or property).'),
        url: z.url({ protocol: /^https$/ }).describe('Absolute https URL of the example site; opens in a new tab.'),
      }),
    )
    .min(1)
    .describe('"Examples": live sites built for this kind of customer (fictional for training).'),
  buyerPersonas: z
    .strictObject({
      champion: segmentBuyerPersona(CHAMPION_AGE).describe('The Champion tab (default): the person who sells us internally.'),
      decisionMaker: segmentBuyerPersona(DECISION_MAKER_AGE).describe('The Decision Maker tab: the person who signs.'),
    })
    .describe('Fixed Champion and Decision Maker profiles shown on the segment detail page.'),
});
export type SegmentEntry = z.infer<typeof segmentSchema>;
/** One Champion or Decision Maker profile of a segment. */
export type SegmentBuyerPersona = SegmentEntry['buyerPersonas'][keyof SegmentEntry['buyerPersonas']];

// ─── Personas: content/personas/*.yaml ────────────────────────────────────────────────────────────

/** A persona's picture: a file of content/personas/avatars/, relative to the persona's file. */
const AVATAR_FILE = /^\.\/avatars\/[a-z0-9][a-z0-9._-]*\.(jpe?g|png|webp|avif)$/;

export const personaSchema = z.strictObject({
  review: review(),
  facts: factCitations('its text'),
  id: z.number().int().positive().describe('Stable numeric id used in /personas/{id} and /api/personas/{id}.'),
  name: text('Full name of the (fictional) person.'),
  title: text('Job title, shown as "title, company".'),
  company: text('Employer (fictional company).'),
  segment: z
    .enum(PERSONA_SEGMENTS)
    .describe(
      'Company size band: Enterprise (a Tier 1 firm), Mid-Market (Tier 2), Small Business (Tier 3) or Startup (fewer than 5 employees, disqualified); the ICP tiers name theirs in `companySize`.',
    ),
  role: z.enum(PERSONA_ROLES).describe('Buying role: decision_maker, influencer, user or champion.'),
  buyerSegmentId: z
    .number()
    .int()
    .positive()
    .describe('Id of the buyer segment (content/segments) this persona works in, for the link back to it.'),
  avatar: z
    .string()
    .refine((value) => !/^[a-z]+:/i.test(value), {
      message: "is an address on another site, which the site's security policy blocks (pictures must be files of the repository)",
    })
    .refine((value) => /^[a-z]+:/i.test(value) || AVATAR_FILE.test(value), {
      message: 'must be a picture file next to the persona files, written like ./avatars/first-last.webp (jpg, png, webp or avif)',
    })
    .optional()
    .describe(
      'Optional picture: save it in content/personas/avatars/ (square, at least 160 × 160 pixels; the build resizes it) and write ./avatars/first-last.webp. Without it the page shows initials.',
    ),
  background: text('Career story and current remit, two to four sentences.'),
  preferences: z
    .strictObject({
      decisionFactors: text('What decides a purchase for this person.'),
      careAbout: z.array(text('One item.')).default([]).describe('What they care about; empty shows "Information not available".'),
    })
    .describe('Buying preferences.'),
  goals: textList('Goals and motivations.'),
  painPoints: textList('Day-to-day pains Parcelwise can remove.'),
  engagementTips: z.array(text('One tip.')).default([]).describe('Optional tips specific to this person, shown after the role tips.'),
  callPrep: z
    .strictObject({
      talkingPoints: z
        .array(text('One talking point: what to say about Parcelwise to this person, true to the product.'))
        .length(3)
        .describe("Exactly three talking points for a call with this persona, from the segment's talking points."),
      objections: z
        .array(
          z.strictObject({
            objection: text('The objection as this persona would say it.'),
            response: text("A one-line response, drawn from the coach's plays and the segment's talking points."),
            situationId: z
              .string()
              .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a sales situation id like budget-pushback')
              .describe(
                'Id of the Sales Situations Coach situation (content/sales-situations) with the plays for this objection; one of the eight (checked in tests/unit/content-buyers.test.ts).',
              ),
          }),
        )
        .min(2)
        .max(4)
        .describe('The objections this persona is likely to raise (2 to 4), each with a response and its coach situation.'),
    })
    .describe('Call prep for this persona (shown on a call-prep view): three talking points and likely objections.'),
});
export type PersonaEntry = z.infer<typeof personaSchema>;

// ─── Ideal customer profile: content/icp/ideal-customer-profile.yaml ──────────────────────────────

const titled = z.strictObject({
  title: text('Short headline.'),
  description: text('One or two sentences of explanation.'),
});

/** A firm's systems of record, as the tiers and the disqualifiers read them. */
export const FIRM_SYSTEMS = ['crm', 'pms', 'crm-and-pms', 'none'] as const;
export type FirmSystems = (typeof FIRM_SYSTEMS)[number];

const countRange = (what: string) =>
  z
    .strictObject({
      min: z.number().int().min(0).describe(`The fewest ${what}, included.`),
      max: z.number().int().min(0).optional().describe(`The most ${what}, included; no max means no upper limit.`),
    })
    .refine((range) => range.max === undefined || range.max >= range.min, 'max must not be below min')
    .describe(`A range of ${what}, both ends included: { min: 11, max: 75 }.`);

/**
 * Firms described by the three things that decide the tier: properties (as the explainer counts them:
 * each building, land parcel or offering once in 12 months), employees and systems of record. A field
 * left out means any value. Tiers list the firms they take in `fits`; a disqualifier the firms it rules
 * out in `when`. Every firm must fall into exactly one tier or meet a disqualifier (checked at build by
 * src/content-check/icp-tiers.ts).
 */
const firmsSchema = z
  .strictObject({
    properties: countRange('properties').optional(),
    employees: countRange('employees').optional(),
    systems: z
      .array(z.enum(FIRM_SYSTEMS))
      .min(1)
      .optional()
      .describe('Systems of record: crm (a CRM only), pms (a property-management system only), crm-and-pms, or none.'),
  })
  .describe('Firms by properties, employees and systems; a field left out means any.');

const tierSchema = z.strictObject({
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('Tier number (1, 2 or 3).'),
  label: text('Column heading, e.g. "Tier 1".'),
  priority: z.enum(['Primary', 'Secondary', 'Ignore']).describe('Priority badge of the tier.'),
  guidance: text('What to do with accounts of this tier, e.g. "Focus here".'),
  companySize: z
    .enum(PERSONA_SEGMENTS)
    .describe("The company-size segment (a persona's `segment`) that means this tier: Enterprise, Mid-Market or Small Business."),
  fits: z
    .array(firmsSchema)
    .min(1)
    .describe('The firms this tier takes, one group per line; the texts below say the same in words for the page.'),
  properties: text('Number of properties managed, owned or marketed, e.g. "More than 75".'),
  buildingClass: text('Building classes, e.g. "Class A or B".'),
  employees: text('Company size in employees, e.g. "More than 20".'),
  techStack: text('Technology signals, e.g. "CRM in place (Salesforce, HubSpot)".'),
  marketing: text('Marketing set-up, e.g. "In-house marketing team".'),
  segmentsOrPersonas: text('Segments or personas to target in this tier.'),
  salesCycle: text('Typical sales cycle for the tier.'),
});

const targetPersonaSchema = z.strictObject({
  priority: z.enum(['primary', 'secondary']).describe('Primary (marketing leader) or secondary persona group.'),
  function: text('The function, e.g. "Marketing leader", "Transaction".'),
  titles: textList('Job titles to search for.'),
  why: text('Why this function buys or influences the purchase.'),
  personaIds: z.array(z.number().int().positive()).min(1).describe('Ids of example personas (content/personas) to link.'),
});

const roleGuideSchema = z.strictObject({
  label: text('Badge label of the role, e.g. "Decision Maker".'),
  description: text('What this role type means in a deal (Profile tab, "Role type").'),
  titles: textList(
    'The job titles that map to this buying role: the ONE title-to-role mapping of the hub. Persona `role`, the segment Champion and Decision Maker titles and the target-persona titles follow it (checked in tests/unit/content-buyers.test.ts, which matches a title when it contains one of these). A title belongs to one role only.',
  ),
  valueProposition: text('The value proposition to lead with for this role (Engagement Strategy tab).'),
  tips: textList('Engagement tips for this role.'),
});

export const icpSchema = z.strictObject({
  review: review(),
  facts: factCitations('its text'),
  title: text('Page heading.'),
  summary: text('One-line summary under the heading.'),
  explainer: z
    .strictObject({ title: text('Explainer box heading.'), body: textList('Explainer paragraphs.') })
    .describe('The explainer box: what the ICP is and how to use it.'),
  tiers: z.array(tierSchema).length(3).describe('The three tiers, in order Tier 1, Tier 2, Tier 3.'),
  targetPersonas: z.array(targetPersonaSchema).min(2).describe('Target personas: one primary group, then secondary groups.'),
  prospectingKeywords: z
    .array(z.strictObject({ group: text('Keyword group name.'), keywords: textList('Search keywords.') }))
    .min(1)
    .describe('Keywords for list building and social/job-post searches.'),
  salesRedFlags: z.array(titled).length(7).describe('The seven sales red flags (Red Flags tab).'),
  negativePersona: z
    .strictObject({
      personaId: z
        .number()
        .int()
        .positive()
        .describe('Id of the persona (content/personas) designed as the Tier 3 / disqualified example, e.g. 10.'),
      title: text('Heading of the example on the Red Flags tab.'),
      description: text('Why this persona is not a target: the tier, the disqualifiers and red flags it meets.'),
    })
    .describe('The negative persona: the worked example of who we do not target, linked from the Red Flags tab.'),
  redFlagReview: z.array(titled).min(1).describe('Red-flag review: outcomes we avoid by qualifying out.'),
  disqualificationCriteria: z
    .array(
      titled.extend({
        when: firmsSchema
          .optional()
          .describe('Optional: the firms it rules out by properties, employees or systems (left out for one about marketing or revenue).'),
      }),
    )
    .min(1)
    .describe('Common disqualification criteria.'),
  productFitRedFlags: z.array(titled).min(1).describe('Product-fit red flags.'),
  metrics: z
    .strictObject({
      midMarketSalesCycle: text('Mid-market sales cycle, "3-6 months".'),
      earlyChurnWindow: text('Early churn window, "3-12 months".'),
    })
    .describe('Business constants quoted on the page.'),
  engagement: z
    .strictObject({
      roles: z
        .strictObject({
          decision_maker: roleGuideSchema,
          influencer: roleGuideSchema,
          user: roleGuideSchema,
          champion: roleGuideSchema,
        })
        .describe('Per buying role: label, meaning, value proposition and tips.'),
      timingBySegment: z
        .strictObject({
          Enterprise: text('Best timing for Enterprise accounts.'),
          'Mid-Market': text('Best timing for Mid-Market accounts.'),
          'Small Business': text('Best timing for Small Business accounts.'),
          Startup: text('Best timing for Startup accounts.'),
        })
        .describe('Best timing by company segment (persona Engagement Strategy tab).'),
    })
    .describe('Engagement playbook used on every persona page.'),
});
export type IcpEntry = z.infer<typeof icpSchema>;

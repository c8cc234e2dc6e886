/**
 * Content schemas of the Sales Kit's conversations (content/sales-kit/): the discovery question bank,
 * the objection library and the SDR prospecting sequences. Each is a list file of entries with an `id`
 * slug (never reused) and a `review` block. Persona, segment and sales-situation ids are checked at build
 * (src/content-check/references.ts). Every object is strict: a misspelt field fails the build naming
 * the file and the field.
 */
import { z } from 'astro/zod';
import { review, text } from './common';
import { factCitations } from './facts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A stable slug id, unique in its file. */
const slugId = (example: string) =>
  z
    .string()
    .regex(SLUG, `must be a lowercase slug like ${example}`)
    .describe(`Stable id of the entry, a slug such as "${example}"; never change or reuse it.`);

/** Ids of personas (content/personas), at least one. */
const personaIds = (description: string) => z.array(z.number().int().positive()).min(1).describe(description);

// ─── Discovery questions: content/sales-kit/discovery-questions.yaml ──────────────────────────────

/** The stages of discovery, in the order of lesson 601 ("A simple structure"). */
export const DISCOVERY_STAGES = ['situation', 'pain', 'impact', 'vision'] as const;
export type DiscoveryStage = (typeof DISCOVERY_STAGES)[number];
export const DISCOVERY_STAGE_LABELS: Record<DiscoveryStage, string> = {
  situation: 'Situation',
  pain: 'Pain',
  impact: 'Impact',
  vision: 'Vision and next step',
};

export const discoveryQuestionSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: slugId('portfolio-size'),
    stage: z
      .enum(DISCOVERY_STAGES)
      .describe('Where in discovery it is asked: situation, pain, impact or vision (vision and next step), as in lesson 601.'),
    question: text('The question as the rep asks it, open (not yes/no), in plain words.'),
    whyAsk: text('Why to ask it: what the answer tells the rep (tier, pain, impact, buying group) and where it leads.'),
    goodAnswer: text('What a good answer sounds like, written as the prospect would say it, in double quotes.'),
    warningSign: text('Optional: an answer that signals a disqualifier or red flag, and what to do about it.').optional(),
    segmentIds: z
      .array(z.number().int().min(8).max(11))
      .min(1)
      .describe('Buyer segments (8–11) it suits; must include the segment of every persona in personaIds.'),
    personaIds: personaIds('Personas (content/personas) to ask it of; their pages link to their questions.'),
  })
  .describe('One question of the discovery question bank.');
export type DiscoveryQuestionEntry = z.infer<typeof discoveryQuestionSchema>;

// ─── Objections: content/sales-kit/objections.yaml ────────────────────────────────────────────────

/** What an objection is about: the filter of the objection library, in the order it lists them. */
export const OBJECTION_CATEGORIES = ['price', 'status-quo', 'adoption', 'integration', 'security', 'timing', 'authority', 'fit'] as const;
export type ObjectionCategory = (typeof OBJECTION_CATEGORIES)[number];
export const OBJECTION_CATEGORY_LABELS: Record<ObjectionCategory, string> = {
  price: 'Price and budget',
  'status-quo': 'Current tools and competitors',
  adoption: 'Adoption',
  integration: 'Integrations and data',
  security: 'Security and IT',
  timing: 'Timing',
  authority: 'Authority and process',
  fit: 'Fit',
};

export const objectionSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: slugId('too-expensive'),
    category: z
      .enum(OBJECTION_CATEGORIES)
      .describe('What it is about: price, status-quo, adoption, integration, security, timing, authority or fit.'),
    objection: text("The objection in the buyer's own words (no quotation marks: the page adds them)."),
    response: text('What the rep says: acknowledge, clarify, respond. True to the product pages; never a roadmap promise.'),
    proofPoint: text('The evidence behind the response: a product fact, a case-study result or an ICP rule.'),
    caseStudyId: z
      .string()
      .regex(SLUG, 'must be the file name of a case study, like harborline-commercial')
      .optional()
      .describe('Optional: the case study (content/sales-kit/case-studies/<id>.yaml) the proof point quotes; the page links it.'),
    followUp: text('The question to ask next, to confirm or to move the deal on.'),
    personaIds: personaIds('Personas (content/personas) likely to raise it; their pages link to their objections.'),
    situationIds: z
      .array(z.string().regex(SLUG, 'must be a sales situation id like budget-pushback'))
      .min(1)
      .describe('Sales Situations Coach situations (content/sales-situations) whose plays it belongs to.'),
  })
  .describe('One objection of the objection library.');
export type ObjectionEntry = z.infer<typeof objectionSchema>;

// ─── Prospecting sequences: content/sales-kit/prospecting.yaml ────────────────────────────────────

/** The three channels of a sequence, in the order an SDR uses them. */
export const PROSPECTING_CHANNELS = ['email', 'call', 'social'] as const;
export const PROSPECTING_CHANNEL_LABELS: Record<(typeof PROSPECTING_CHANNELS)[number], string> = {
  email: 'Email',
  call: 'Call',
  social: 'Social',
};

const touchSchema = z
  .strictObject({
    day: z.number().int().min(1).max(30).describe('Day of the sequence the touch goes out (day 1 is the first).'),
    channel: z.enum(PROSPECTING_CHANNELS).describe('email, call or social.'),
    subject: text('Email only: the subject line, short and specific to the persona.').optional(),
    message: text(
      'The email body, the call talk track or the social note, in the first person; [brackets] for what the SDR fills in from research.',
    ),
  })
  .describe('One touch of a prospecting sequence.');

export const prospectingSequenceSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: slugId('dana-whitfield'),
    personaId: z.number().int().positive().describe('The persona (content/personas) the sequence is written for.'),
    useWhen: text('Optional: when to use it at all (for a persona we do not prospect, such as a Tier 3 firm).').optional(),
    touches: z
      .array(touchSchema)
      .length(3)
      .superRefine((touches, context) => {
        const channels = touches.map((touch) => touch.channel).sort();
        if (channels.join() !== [...PROSPECTING_CHANNELS].sort().join())
          context.addIssue({ code: 'custom', message: 'needs one email, one call and one social touch' });
        if (touches.some((touch, index) => index > 0 && touch.day <= touches[index - 1]!.day))
          context.addIssue({ code: 'custom', message: 'touches must be in day order, one day each' });
        touches.forEach((touch, index) => {
          if ((touch.channel === 'email') !== (touch.subject !== undefined))
            context.addIssue({
              code: 'custom',
              path: [index, 'subject'],
              message: 'an email needs a subject; a call or social touch has none',
            });
        });
      })
      .describe('Exactly three touches, one email, one call and one social, in day order.'),
  })
  .describe('The three-touch prospecting sequence for one persona.');
export type ProspectingSequenceEntry = z.infer<typeof prospectingSequenceSchema>;

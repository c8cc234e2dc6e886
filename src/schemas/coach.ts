/**
 * Content schema of the Sales Situations Coach (docs/product.md "Sales Situations Coach (/sales-situations)").
 *
 * One YAML file per situation under `content/sales-situations/`, named `NN-<id>.yaml`; NN is the order the
 * coach shows them in (it also breaks keyword-score ties, see src/shared/coach/match.ts). A typo or a
 * missing field fails the build naming the file and the field (`z.strictObject` everywhere).
 *
 * Situation and play texts are not confidential: the page passes them to the client island as props.
 */
import { z } from 'astro/zod';
import { review, text } from './common';
import { factCitations } from './facts';

/** Pages a play may link to: a buyer segment (ids 8–11) or the ideal customer profile. */
const PLAY_LINK_HREF = /^\/(?:buyer-segments\/(?:8|9|10|11)|ideal-customer-profile)$/;

/** Every situation has 1 to 4 plays (docs/product.md "Sales Situations Coach (/sales-situations)"). */
const MIN_PLAYS = 1;
const MAX_PLAYS = 4;

const playLinkSchema = z
  .strictObject({
    label: text('Link text shown beside the play, e.g. "Leasing Brokers segment".'),
    href: z
      .string()
      .regex(PLAY_LINK_HREF, 'must be /buyer-segments/{8|9|10|11} or /ideal-customer-profile')
      .describe('Site-relative page the play draws on: /buyer-segments/{id} (8–11) or /ideal-customer-profile.'),
  })
  .describe('A page of the hub that backs a play (buyer segment or ICP).');

const playSchema = z
  .strictObject({
    play: text('The talk track: what the rep says, in the first person. Play buttons show its first 80 characters.'),
    followUp: text('Optional next question or line once the buyer answers.').optional(),
    tip: text('Coaching tip for the rep: why the play works or what to listen for.'),
    facts: factCitations('the play, its follow-up and its tip'),
    links: z
      .array(playLinkSchema)
      .min(1)
      .max(3)
      .optional()
      .describe('Optional links to the buyer segment(s) or the ICP the play draws on, shown beside it.'),
  })
  .describe('One play (talk track) of a sales situation.');

const keywordSchema = z
  .string()
  .trim()
  .regex(/[\p{L}\p{N}]/u, 'must contain a letter or digit')
  .describe(
    'A word or phrase that points to this situation when found in a typed request. Matched as whole words, case and punctuation ignored; a phrase of N words scores N.',
  );

export const salesSituationSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its name (each play cites its own)'),
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug like budget-pushback')
      .describe('Stable slug of the situation, e.g. "budget-pushback".'),
    name: text('Display name, e.g. "Budget Pushback".'),
    emoji: z.string().trim().min(1).max(16).describe('One emoji shown before the name (decorative).'),
    keywords: z
      .array(keywordSchema)
      .min(1)
      .refine((list) => new Set(list.map((k) => k.toLowerCase())).size === list.length, 'must not repeat a keyword')
      .describe('Words and multi-word phrases that select this situation from a typed request.'),
    plays: z
      .array(playSchema)
      .min(MIN_PLAYS)
      .max(MAX_PLAYS)
      .describe(`The plays of this situation, ${MIN_PLAYS} to ${MAX_PLAYS}; the first is selected when the situation opens.`),
  })
  .describe('A sales situation of the coach.');

/** The whole collection: the situations in display order, ids unique. */
export const salesSituationListSchema = z
  .array(salesSituationSchema)
  .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'situation ids must be unique')
  .describe('Every sales situation, in the order the coach shows them.');

export type Play = z.infer<typeof playSchema>;
export type SalesSituation = z.infer<typeof salesSituationSchema>;

/**
 * Content schema of the Sales Kit's IT and security fact sheet (content/sales-kit/it-security.yaml): the
 * answers a prospect's IT review asks for about Parcelwise, the marketing platform (not this hub), one
 * section per topic. Every status is the TRUE one today: "in progress" with the date it is expected,
 * "not available" when we do not have it. A reviewer who finds one overstated claim stops trusting the rest.
 */
import { z } from 'astro/zod';
import { review, text } from './common';
import { factCitations } from './facts';

/** Where something stands today. */
const IT_STATUSES = ['available', 'in-progress', 'not-available'] as const;
export type ItStatus = (typeof IT_STATUSES)[number];
export const IT_STATUS_LABELS: Record<ItStatus, string> = {
  available: 'Available',
  'in-progress': 'In progress',
  'not-available': 'Not available',
};

const itemSchema = z
  .strictObject({
    topic: text('What IT asks about, e.g. "Single sign-on (SSO)".'),
    answer: text('The answer as IT should read it: specific, true today, with dates for anything in progress.'),
    facts: factCitations('the answer'),
    status: z
      .enum(IT_STATUSES)
      .optional()
      .describe('Optional badge: available, in-progress (say when it is expected) or not-available (say what to do instead).'),
  })
  .describe('One question of an IT review and its answer.');

export const itSectionSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its title and summary (each answer cites its own)'),
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug like sign-in')
      .describe('Stable id of the section, a slug; the page anchor is #it-{id}.'),
    order: z.number().int().min(1).describe('Position on the page, 1 = first.'),
    title: text('Section heading, e.g. "Sign-in and access".'),
    summary: text('The section in one or two sentences.'),
    items: z.array(itemSchema).min(1).describe('The questions and answers of the section.'),
  })
  .describe('One section of the IT and security fact sheet.');
export type ItSection = z.infer<typeof itSectionSchema>;

/**
 * Content schema of practice scenarios (docs/product.md "Practice").
 *
 * One YAML file per scenario under `content/practice/`, named `NN-<id>.yaml`; NN is the order /practice
 * lists them in. A scenario is a moment of a sales conversation a rep rehearses: they read the setup and
 * the buyer's line, answer (typed or spoken), and get feedback on a visible rubric of yes/no items, each
 * saying what a good answer does and linking to what teaches it. Nothing is ever summed into one score.
 *
 * References (persona, what it rehearses, what teaches each item) are checked by the content check
 * (src/content-check/references.ts): an id that names nothing fails the build.
 */
import { z } from 'astro/zod';
import { review, text } from './common';
import { factCitations } from './facts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slug = (description: string) => z.string().regex(SLUG, 'must be a lowercase slug like budget-pushback').describe(description);

/** Spoken answers are timed; the limit is what a buyer would wait for in a real conversation. */
const PRACTICE_TIME_LIMIT = { min: 30, max: 180 } as const;
const RUBRIC_ITEMS = { min: 3, max: 8 } as const;

/** A page of the Sales Kit a scenario may rehearse or an item may point to. */
const SALES_KIT_PAGE = /^\/sales-kit\/(?:discovery-questions|objections|pricing|it-security|demo-scripts|prospecting|case-studies)$/;

/**
 * What teaches a rubric item, or what a scenario rehearses: exactly one of a lesson (by id), a sales
 * situation of the coach (by id), an objection of the Sales Kit (by id) or a Sales Kit page.
 */
const materialSchema = z
  .union([
    z.strictObject({ lesson: z.number().int().positive().describe('Id of a lesson, e.g. 601.') }),
    z.strictObject({ situation: slug('Id of a sales situation of the coach (content/sales-situations), e.g. budget-pushback.') }),
    z.strictObject({ objection: slug('Id of an objection of the Sales Kit (content/sales-kit/objections.yaml), e.g. too-expensive.') }),
    z.strictObject({
      page: z
        .string()
        .regex(SALES_KIT_PAGE, 'must be a Sales Kit page such as /sales-kit/prospecting')
        .describe('A Sales Kit page, e.g. /sales-kit/prospecting.'),
    }),
  ])
  .describe('Exactly one of: lesson (id), situation (id), objection (id) or page (a /sales-kit/… page).');

const phraseSchema = z
  .string()
  .trim()
  .min(2)
  .max(60)
  .regex(/[\p{L}\p{N}]/u, 'must contain a letter or digit')
  .describe(
    'A word or short phrase that shows the item in a typed answer. Matched on word stems, case and punctuation ignored, so "asking" matches "ask"; every word of a phrase must appear, in order, within a few words.',
  );

const rubricItemSchema = z
  .strictObject({
    id: slug('Stable id of the item within its scenario, e.g. separates-budget-from-value (reviews are stored by it).'),
    does: text('What a good answer does, in one sentence, e.g. "Asks whether the gap is the total or the return."').refine(
      (value) => value.length <= 200,
      'must be one sentence of at most 200 characters',
    ),
    required: z.boolean().describe('Whether the answer must do this to pass review.'),
    phrases: z
      .array(phraseSchema)
      .min(1)
      .max(20)
      .optional()
      .describe(
        'Words or phrases that show the item in a typed answer; any one of them is enough. Leave out for an item only a person can judge.',
      ),
    teaches: materialSchema.describe(
      'The lesson, play, objection or Sales Kit page that teaches this item; linked when the item is missed.',
    ),
  })
  .describe('One yes/no item of a scenario rubric.');

export const practiceScenarioSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its setup, buyer line, model answer and rubric'),
    id: slug(
      'Stable slug of the scenario, e.g. budget-pushback-asset-manager; part of its address /practice/{id}. At most 48 characters.',
    ).max(48, 'must be at most 48 characters (it is part of storage keys)'),
    title: text('The scenario as the list shows it, e.g. "Budget pushback from an asset manager".'),
    personaId: z.number().int().positive().describe('Id of the persona the rep is talking to (content/personas).'),
    rehearses: materialSchema.describe(
      'The sales situation, objection or Sales Kit page this scenario rehearses; its "Practise this" link points here.',
    ),
    setup: text('What the rep reads before answering: who, where in the deal, what just happened. Two to five sentences.'),
    buyerLine: text("The buyer's line the rep answers, in the buyer's own words."),
    timeLimitSeconds: z
      .number()
      .int()
      .min(PRACTICE_TIME_LIMIT.min)
      .max(PRACTICE_TIME_LIMIT.max)
      .describe(`How long a spoken answer may be, ${PRACTICE_TIME_LIMIT.min} to ${PRACTICE_TIME_LIMIT.max} seconds.`),
    modelAnswer: text('A good answer, as a rep would say it; shown after the rep has answered.'),
    rubric: z
      .array(rubricItemSchema)
      .min(RUBRIC_ITEMS.min)
      .max(RUBRIC_ITEMS.max)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'rubric item ids must be unique within the scenario')
      .refine((items) => items.some((item) => item.required), 'at least one rubric item must be required')
      .describe(
        `The yes/no rubric, ${RUBRIC_ITEMS.min} to ${RUBRIC_ITEMS.max} items; the attempt passes review when every required item is yes.`,
      ),
  })
  .describe('A practice scenario.');

export type PracticeScenarioData = z.infer<typeof practiceScenarioSchema>;
export type PracticeMaterial = z.infer<typeof materialSchema>;
export type RubricItemData = z.infer<typeof rubricItemSchema>;

/**
 * Content schema of onboarding programs: content/programs/<id>.yaml → `programSchema`, one program per
 * file (editors' guide: content/README.md "Onboarding programs").
 *
 * A program is the plan a new hire follows for one job: items, each due a number of days after the
 * person's start date, and a certificate once every required item is done. What each item asks for:
 *
 *   - kind: lesson    lessonId: 101          the lesson completed
 *   - kind: module    moduleId: 2            every lesson of the module completed
 *   - kind: quiz      quizId: 4              a result of 80 % or more
 *   - kind: mastery   moduleId: 3, threshold: 60   the module's mastery at or above the threshold (percent)
 *   - kind: read      page: /personas/3      the page visited
 *   - kind: signoff   id: shadow-calls, title, instructions, lessonIds   an administrator confirms it
 *   - kind: practice  scenarioId: cold-call-opener-marketing-manager   an attempt at the scenario passed review
 *
 * Every item has `due` (days after the start; 0 = the start day) and `required` (true unless written
 * false: optional items are shown apart and never block the certificate). Items are identified by what
 * they ask for (`lesson-101`, `module-2`, `quiz-4`, `mastery-3`, `read:/personas/3`) or, for a sign-off,
 * by its `id`; that id is what progress is kept under, so never reuse a sign-off id for another task.
 * Checked at build (src/content-check/programs.ts): ids that exist, `due` within `lengthDays`, no
 * item twice; and teach before test (src/content-check/teach-before-test.ts): a required quiz asks only
 * about lessons the program assigns, and a quiz, mastery or sign-off item is due no earlier than the
 * lessons it tests (a sign-off names them in `lessonIds`).
 */
import { z } from 'astro/zod';
import { review, text } from './common';
import { PROGRAM_QUIZ_PASS } from '~/shared/vocabulary';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const itemBase = {
  due: z.number().int().min(0).describe('Day the item is due, counted from the start date (0 = the start day); at most lengthDays.'),
  required: z
    .boolean()
    .default(true)
    .describe('Whether the certificate waits for it (default true). Optional items are listed apart, as reading.'),
};

const numericId = (what: string) => z.number().int().positive().describe(`Id of the ${what} (must exist).`);

const programItemSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('lesson'), lessonId: numericId('lesson'), ...itemBase }),
    z.strictObject({ kind: z.literal('module'), moduleId: numericId('module: every one of its lessons'), ...itemBase }),
    z.strictObject({ kind: z.literal('quiz'), quizId: numericId(`quiz, passed at ${PROGRAM_QUIZ_PASS} % or more`), ...itemBase }),
    z.strictObject({
      kind: z.literal('mastery'),
      moduleId: numericId('module whose mastery counts'),
      threshold: z.number().int().min(1).max(100).describe("The module's mastery (percent) at or above which the item is done."),
      ...itemBase,
    }),
    z.strictObject({
      kind: z.literal('read'),
      page: z
        .string()
        .max(48)
        .regex(/^\/[a-z0-9/-]*$/, 'must be a path of this site, e.g. /personas/3 or /ideal-customer-profile')
        .describe('Path of the page to read, e.g. /personas/3, /buyer-segments/8, /ideal-customer-profile, /product.'),
      title: text('What the item is called in the plan, e.g. "Read the ideal customer profile".'),
      ...itemBase,
    }),
    z.strictObject({
      kind: z.literal('practice'),
      scenarioId: z
        .string()
        .regex(SLUG, 'must be the id of a practice scenario, e.g. cold-call-opener-marketing-manager')
        .describe('Id of the practice scenario (content/practice) whose attempt must pass a review by a person.'),
      ...itemBase,
    }),
    z.strictObject({
      kind: z.literal('signoff'),
      id: z
        .string()
        .regex(SLUG, 'must be lower-case words joined by hyphens, e.g. shadow-discovery-calls')
        .describe('Id of the task, unique in the program.'),
      title: text('The task as the plan lists it, e.g. "Shadow three discovery calls".'),
      instructions: text('What the new hire does and what the administrator checks before signing off.'),
      lessonIds: z
        .array(numericId('lesson whose skill the sign-off checks'))
        .min(1)
        .describe(
          'The lessons whose skills the sign-off checks: each assigned by the program (itself or through its module) and due on or before it.',
        ),
      ...itemBase,
    }),
  ])
  .describe('One thing the plan asks for; `kind` says what.');

export type ProgramItemData = z.output<typeof programItemSchema>;

export const programSchema = z
  .strictObject({
    review: review(),
    id: z
      .string()
      .max(28)
      .regex(SLUG, 'must be lower-case words joined by hyphens, e.g. sdr-onboarding')
      .describe('Id of the program, unique, at most 28 characters (progress is stored under it); the file is named after it.'),
    title: text('Program title, e.g. "SDR onboarding".'),
    role: text('The job it prepares for, as people say it, e.g. "Sales development representative".'),
    description: text('One or two sentences a new hire reads first: what the weeks ahead hold.'),
    lengthDays: z.number().int().min(1).max(365).describe('Length of the program in days; every item is due within it.'),
    certificate: z
      .strictObject({
        title: text('What the certificate says the person is ready for, e.g. "Ready for solo discovery calls".'),
        validMonths: z.number().int().min(1).max(60).describe('Months the certificate stays valid after it is issued.'),
      })
      .describe('The readiness certificate issued when every required item is done.'),
    items: z.array(programItemSchema).min(1).describe('The items of the plan, in the order they are listed within a week.'),
  })
  .describe('An onboarding program: the plan for one job, with due days and a certificate.');

export type ProgramData = z.output<typeof programSchema>;

/** The id an item's progress is kept under: what it asks for, or a sign-off's own id. */
export function programItemId(item: ProgramItemData): string {
  switch (item.kind) {
    case 'lesson':
      return `lesson-${item.lessonId}`;
    case 'module':
      return `module-${item.moduleId}`;
    case 'quiz':
      return `quiz-${item.quizId}`;
    case 'mastery':
      return `mastery-${item.moduleId}`;
    case 'read':
      return `read:${item.page}`;
    case 'practice':
      return `practice-${item.scenarioId}`;
    case 'signoff':
      return item.id;
  }
}

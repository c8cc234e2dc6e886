/**
 * Content schemas of the learning concept: modules, lessons and quizzes.
 *
 * Editors author these files through pull requests:
 * - content/modules/*.mdx        → `moduleSchema`   (frontmatter; the body is an optional short introduction)
 * - content/lessons/<module>/*.mdx → `lessonSchema` (frontmatter; the MDX body is the lesson itself)
 * - content/quizzes/*.yaml       → `quizSchema`
 *
 * Every object is strict, so a misspelt field fails the build naming the file and the field.
 * Durations are NOT authored: a lesson's minutes are computed from its words and knowledge checks
 * (src/server/content/reading-time.ts), a module's are the sum of its lessons'; lessonCount is counted.
 * Cross-references (lesson.moduleId → module, lesson.quizId → quiz, question.lessonId → lesson, unique
 * ids) and the knowledge checks' answer indexes are checked at build by src/content-check/.
 */
import { z } from 'astro/zod';
import { checkRevisionFields, positiveId, review, revisionFields } from './common';
import { factCitations } from './facts';
import { LESSON_TYPES, QUIZ_CATEGORIES, QUIZ_DIFFICULTIES } from '~/shared/vocabulary';

// #region modules

export const moduleSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its text'),
    id: positiveId('module'),
    title: z.string().trim().min(1).describe('Module title, shown on the module page, the dashboard and in search.'),
    description: z.string().trim().min(1).describe('One or two sentences on what the learner will know after the module.'),
    order: z.number().int().describe('Position of the module in the learning path (ascending).'),
    placementPass: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe("Score (percent) a learner needs in the module's placement check to test out of the lessons it covers; 80 when left out."),
  })
  .describe('A learning module: an ordered group of lessons. Duration and lesson count are derived from its lessons.');

export type Module = z.infer<typeof moduleSchema>;

// #endregion modules

// #region lessons

const lessonTypeSchema = z.enum(LESSON_TYPES).describe('Kind of lesson: video, article, interactive or quiz.');

export const lessonSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its frontmatter and its body, knowledge checks included'),
    id: z.number().int().positive().describe('Numeric lesson id, unique project-wide; by convention moduleId * 100 + n (e.g. 101, 102).'),
    moduleId: z.number().int().positive().describe('Id of the module this lesson belongs to (must exist).'),
    order: z.number().int().describe('Position of the lesson within its module (ascending).'),
    title: z.string().trim().min(1).describe('Lesson title shown in the module lesson list.'),
    type: lessonTypeSchema,
    videoUrl: z
      .url()
      .optional()
      .describe(
        "Optional URL of a real, hosted lesson video; the lesson page links it only when set. A video lesson's MDX body is its transcript, so a video lesson is complete without it. Never a placeholder host.",
      ),
    quizId: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Id of the quiz this lesson points to (linked as /quizzes/{quizId}). Required when type is "quiz".'),
    ...revisionFields,
  })
  .superRefine((lesson, ctx) => {
    checkRevisionFields(lesson, ctx);
    if (lesson.type === 'quiz' && lesson.quizId === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['quizId'],
        message: `Lesson ${lesson.id} is a quiz lesson: quizId is required`,
      });
    }
  })
  .describe('A lesson of a module. The MDX body is the lesson content; its reading time is computed from it.');

export type Lesson = z.infer<typeof lessonSchema>;

// #endregion lessons

// #region quizzes

const quizCategorySchema = z.enum(QUIZ_CATEGORIES).describe('Quiz category, used by the quizzes list filter.');

const quizDifficultySchema = z
  .enum(QUIZ_DIFFICULTIES)
  .describe('Quiz difficulty (badge colours: beginner green, intermediate blue, advanced amber).');

const quizOptionSchema = z
  .strictObject({
    id: z.string().trim().min(1).describe('Option id, unique within its question (e.g. "a").'),
    text: z.string().trim().min(1).describe('Answer text shown to the learner.'),
    isCorrect: z.boolean().describe('True for the one correct option of the question. Never sent to the browser before grading.'),
  })
  .describe('One single-choice answer option.');

const quizQuestionSchema = z
  .strictObject({
    id: z.string().trim().min(1).describe('Question id, unique within its quiz (e.g. "q1").'),
    text: z.string().trim().min(1).describe('The question as shown to the learner.'),
    lessonId: z
      .number()
      .int()
      .positive()
      .describe(
        'Id of the lesson whose body teaches the answer (e.g. 203), so a learner who misses the question knows what to reread. Must be an existing lesson that is not a quiz-type lesson (checked at build).',
      ),
    explanation: z
      .string()
      .trim()
      .min(1)
      .describe('Why the correct answer is correct; shown in the result review and the daily challenge.'),
    facts: factCitations('the question, its explanation and its correct option'),
    options: z.array(quizOptionSchema).min(2).max(5).describe('Two to five options, exactly one of them correct.'),
    ...revisionFields,
  })
  .superRefine((question, ctx) => {
    checkRevisionFields(question, ctx);
    const correct = question.options.filter((option) => option.isCorrect).length;
    if (correct !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: `Question "${question.id}" must have exactly one correct option (isCorrect: true), found ${correct}`,
      });
    }
    const seen = new Set<string>();
    question.options.forEach((option, index) => {
      if (seen.has(option.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['options', index, 'id'],
          message: `Question "${question.id}" has duplicate option id "${option.id}"`,
        });
      }
      seen.add(option.id);
    });
  })
  .describe('A single-choice quiz question.');

export const quizSchema = z
  .strictObject({
    review: review(),
    facts: factCitations('its title and description (each question cites its own)'),
    id: positiveId('quiz'),
    title: z.string().trim().min(1).describe('Quiz title shown on the quizzes list, the quiz page and in search.'),
    description: z.string().trim().min(1).describe('One or two sentences on what the quiz checks.'),
    category: quizCategorySchema,
    difficulty: quizDifficultySchema,
    questions: z.array(quizQuestionSchema).min(5).max(10).describe('Five to ten single-choice questions.'),
  })
  .superRefine((quiz, ctx) => {
    const seen = new Set<string>();
    quiz.questions.forEach((question, index) => {
      if (seen.has(question.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['questions', index, 'id'],
          message: `Quiz ${quiz.id} has duplicate question id "${question.id}"`,
        });
      }
      seen.add(question.id);
    });
  })
  .describe('A scored single-choice quiz, graded on the server.');

export type Quiz = z.infer<typeof quizSchema>;

// #endregion quizzes

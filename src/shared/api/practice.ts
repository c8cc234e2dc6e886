// Request and response schemas of the practice calls (docs/product.md "Practice"), shared by the API routes and
// the islands. An attempt's feedback is one yes/no line per rubric item, never a single score.
import { PRACTICE_TEXT_MAX } from '~/shared/practice/limits';
import { z } from './zod';
/** Largest recording, in bytes (5 MB). */
export const PRACTICE_AUDIO_MAX_BYTES = 5 * 1024 * 1024;
/** A recording may run this much past the scenario's time limit (the rep stops the recorder by hand). */
export const PRACTICE_AUDIO_GRACE_SECONDS = 10;
/** A passed scenario comes back to practise after these many days: first 30, then 90 each time. */
export const PRACTICE_AGAIN_DAYS = [30, 90] as const;
/** What anybody but an administrator is told by the review calls. */
export const PRACTICE_REVIEWS_DENIED = 'Only administrators review practice attempts.';
/** Recordings are deleted this many days after their review; marks and comment stay. */
export const PRACTICE_RECORDING_KEEP_DAYS = 90;

const scenarioId = z.string().trim().min(1).max(100);
const itemId = z.string().min(1).max(100);

const PRACTICE_STATUSES = ['draft', 'waiting', 'passed', 'try-again'] as const;
export type PracticeStatus = (typeof PRACTICE_STATUSES)[number];

/** One rubric item as the typed-answer matcher saw it: found, and the words of the answer that showed it. */
const practiceFeedbackSchema = z.strictObject({
  itemId,
  found: z.boolean(),
  evidence: z.array(z.string()),
});
export type PracticeFeedback = z.infer<typeof practiceFeedbackSchema>;

/** A person's review: every rubric item marked yes or no, and a comment. */
const practiceReviewSchema = z.strictObject({
  marks: z.record(itemId, z.boolean()),
  comment: z.string(),
  /** The reviewer's display name. */
  reviewer: z.string(),
  reviewedAt: z.iso.datetime(),
});
export type PracticeReview = z.infer<typeof practiceReviewSchema>;

export const practiceAttemptSchema = z.strictObject({
  id: z.string(),
  scenarioId: z.string(),
  kind: z.enum(['text', 'audio']),
  status: z.enum(PRACTICE_STATUSES),
  createdAt: z.iso.datetime(),
  /** Empty for a recording: only typed answers are matched. */
  feedback: z.array(practiceFeedbackSchema),
  review: practiceReviewSchema.optional(),
  /** The typed answer (text attempts). */
  text: z.string().optional(),
  /** The rep's own ticks, sent with the attempt for review. */
  selfCheck: z.record(itemId, z.boolean()).optional(),
  submittedAt: z.iso.datetime().optional(),
  /** Whether the recording is still kept (audio attempts; deleted some time after review). */
  hasAudio: z.boolean().optional(),
  /** Display name of the rep (shown to reviewers). */
  owner: z.string().optional(),
});
export type PracticeAttempt = z.infer<typeof practiceAttemptSchema>;

/** The person's state for one scenario on /practice. */
const PRACTICE_STATES = ['not-tried', 'draft', 'waiting', 'passed', 'try-again', 'due'] as const;

const practiceScenarioStateSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  state: z.enum(PRACTICE_STATES),
  /** When the last passing review was saved (passed and due). */
  passedAt: z.iso.datetime().optional(),
  /** When the scenario comes back to practise (passed), or came back (due). */
  dueAt: z.iso.datetime().optional(),
  /** The latest attempt's id, if any. */
  latestAttemptId: z.string().optional(),
});
export type PracticeScenarioState = z.infer<typeof practiceScenarioStateSchema>;

/** GET /api/practice */
export const practiceListSchema = z.strictObject({ scenarios: z.array(practiceScenarioStateSchema) });

/** POST /api/practice/attempts (JSON form; recordings come as multipart `scenarioId` + `audio`). */
export const createTextAttemptSchema = z.strictObject({
  scenarioId,
  text: z
    .string()
    .refine((value) => value.trim().length > 0, 'Write your answer first: it is empty.')
    .refine((value) => value.length <= PRACTICE_TEXT_MAX, `Your answer is too long: at most ${PRACTICE_TEXT_MAX} characters.`),
});
export type CreateTextAttempt = z.infer<typeof createTextAttemptSchema>;

/** POST /api/practice/attempts/{id}/submit */
export const submitAttemptSchema = z.strictObject({ selfCheck: z.record(itemId, z.boolean()) });

/** POST /api/practice/attempts/{id}/review */
export const reviewAttemptSchema = z.strictObject({
  marks: z.record(itemId, z.boolean()),
  comment: z.string().max(2_000, 'The comment is too long: at most 2000 characters.'),
});
export type ReviewAttempt = z.infer<typeof reviewAttemptSchema>;

/** GET /api/practice/reviews: attempts waiting, oldest first. */
export const practiceReviewQueueSchema = z.strictObject({
  waiting: z.array(
    practiceAttemptSchema.extend({
      scenarioTitle: z.string(),
    }),
  ),
});

// The /review page's answer form (it works without JavaScript): the form posts to /review itself, which
// validates and grades it with the same code as POST /api/review.
import type { AstroGlobal } from 'astro';
import { answerReviewRequestSchema, type ReviewQuestion, type ReviewVerdict } from '~/shared/api/review';
import { HttpError } from '~/server/errors';
import { describeZodError } from '~/server/http/response';
import { formIdempotencyKey, readFormFields } from '~/server/http/request';
import { answerReview, reviewQuestion, type ReviewOptions } from '~/server/review/review';
import type { ReviewState } from '~/server/review/review-state';

export type FormReviewResult =
  | { answered: true; verdict: ReviewVerdict; question: ReviewQuestion; answerId: string }
  | { answered: false; status: number; message: string };

export async function answerReviewFromForm(
  astro: Pick<AstroGlobal, 'request'>,
  userId: string,
  now: Date,
  state?: ReviewState,
  options: ReviewOptions = {},
): Promise<FormReviewResult> {
  try {
    // The form's idempotency key is rendered with the question: sending the form again stores the answer once.
    const { idempotencyKey, ...fields } = await readFormFields(astro.request);
    const parsed = answerReviewRequestSchema.safeParse(fields);
    if (!parsed.success) return { answered: false, status: 400, message: describeZodError(parsed.error) };
    const verdict = await answerReview(userId, parsed.data, now, state, options, formIdempotencyKey(idempotencyKey));
    const question = await reviewQuestion(userId, parsed.data.questionId);
    if (!question) return { answered: false, status: 400, message: 'questionId: unknown question' };
    return { answered: true, verdict, question, answerId: parsed.data.answerId };
  } catch (error) {
    // 503 (storage) goes to the error page like any other page failure.
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return { answered: false, status: error.status, message: error.message };
  }
}

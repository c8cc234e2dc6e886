// The attempt page's forms (they work without JavaScript): the owner sends a draft for review with their
// self-check or deletes it; an administrator saves a review. Each posts to the attempt's page, which calls
// the same service as the API. Refusals come back as a message for the page; 5xx go to the error page.
import { HttpError } from '~/server/errors';
import { readFormFields } from '~/server/http/request';
import type { RubricItemData } from '~/schemas/practice';
import { PRACTICE_REVIEWS_DENIED } from '~/shared/api/practice';
import { deleteAttempt, reviewAttempt, submitAttempt, type Asker } from './practice';

export type AttemptFormResult = { redirect: string } | { status: number; message: string };

const ticks = (fields: Record<string, string>, rubric: readonly RubricItemData[]) =>
  Object.fromEntries(rubric.map((item) => [item.id, fields[`check-${item.id}`] === 'yes']));

function marksOf(fields: Record<string, string>, rubric: readonly RubricItemData[]): Record<string, boolean> {
  const unmarked = rubric.filter((item) => fields[`mark-${item.id}`] !== 'yes' && fields[`mark-${item.id}`] !== 'no');
  if (unmarked.length > 0)
    throw new HttpError(400, `Mark every item yes or no: ${unmarked.map((item) => `“${item.does}”`).join(', ')} has no mark.`);
  return Object.fromEntries(rubric.map((item) => [item.id, fields[`mark-${item.id}`] === 'yes']));
}

export async function answerAttemptForm(
  request: Request,
  asker: Asker,
  attempt: { id: string; scenarioId: string; rubric: readonly RubricItemData[] },
  now: Date,
): Promise<AttemptFormResult> {
  try {
    const fields = await readFormFields(request);
    const page = `/practice/attempts/${encodeURIComponent(attempt.id)}`;
    switch (fields['action']) {
      case 'submit':
        await submitAttempt(asker.user.id, attempt.id, ticks(fields, attempt.rubric), now);
        return { redirect: `${page}?sent=1` };
      case 'delete':
        await deleteAttempt(asker.user.id, attempt.id, now);
        return { redirect: `/practice/${attempt.scenarioId}` };
      case 'review': {
        if (!asker.isAdmin) throw new HttpError(403, PRACTICE_REVIEWS_DENIED);
        const comment = (fields['comment'] ?? '').slice(0, 2_000);
        await reviewAttempt(asker.user, attempt.id, { marks: marksOf(fields, attempt.rubric), comment }, now);
        return { redirect: '/practice/reviews?reviewed=1' };
      }
      default:
        throw new HttpError(400, 'action: submit, delete or review');
    }
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return { status: error.status, message: error.message };
  }
}

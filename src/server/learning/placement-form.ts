// The placement check's page (it works without JavaScript): GET shows the open check's questions, or the last
// result while the next try is not open; the form posts to the page, graded by the same code as the API, and
// goes back to the page (Post/Redirect/Get), which shows the result: a post renders nothing after its writes.
import { placementAnswersSchema, type PlacementQuestion, type PlacementResult } from '~/shared/api/placement';
import type { Flash } from '~/server/accounts/flash';
import { HttpError } from '~/server/errors';
import { readFormFields } from '~/server/http/request';
import { placementOpensAt, startPlacement, submitPlacement, type PlacementReads } from './placement';

export type PlacementView =
  { view: 'questions'; questions: PlacementQuestion[] } | { view: 'result'; result: PlacementResult; opensAt: string };

/** The last result, while the next try is not open. */
function waiting(reads: PlacementReads, now: Date): PlacementView | null {
  const opensAt = placementOpensAt(reads.last, now);
  if (!reads.last || !opensAt) return null;
  const { passed, score, threshold, lessons } = reads.last;
  return { view: 'result', result: { passed, score, threshold, lessons }, opensAt: opensAt.toISOString() };
}

/** GET: the questions of the open try, or the last result while the next is not open. */
export async function placementPage(userId: string, reads: PlacementReads, now: Date): Promise<PlacementView> {
  return waiting(reads, now) ?? { view: 'questions', ...(await startPlacement(userId, reads, now)) };
}

/**
 * POST: the form's answers (one field per question, named by its id), graded and stored; the toast the page
 * shows next: none after a grading (the page shows the result) or while the next try is not open,
 * 'placement-refused' for a form that is not this try's answers (nothing stored).
 */
export async function placementFromForm(request: Request, userId: string, reads: PlacementReads, now: Date): Promise<Flash | null> {
  if (waiting(reads, now)) return null;
  const fields = await readFormFields(request);
  const parsed = placementAnswersSchema.safeParse({
    answers: Object.entries(fields).map(([questionId, optionId]) => ({ questionId, optionId })),
  });
  if (!parsed.success) return 'placement-refused';
  try {
    await submitPlacement(userId, parsed.data, reads, now);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    return 'placement-refused';
  }
}

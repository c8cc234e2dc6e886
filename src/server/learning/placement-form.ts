// The placement check's page (it works without JavaScript): GET shows the open check's questions, or the last
// result while the next try is not open; the form posts to the page, graded by the same code as the API.
import type { AstroGlobal } from 'astro';
import { placementAnswersSchema, type PlacementQuestion, type PlacementResult } from '~/shared/api/placement';
import { HttpError } from '~/server/errors';
import { describeZodError } from '~/server/http/response';
import { readFormFields } from '~/server/http/request';
import { PLACEMENT_WAIT_MS, placementOpensAt, startPlacement, submitPlacement, type PlacementReads } from './placement';

export type PlacementView =
  | { view: 'questions'; questions: PlacementQuestion[]; status: number; error: string | null }
  | { view: 'result'; result: PlacementResult; opensAt: string | null };

/** The last result, while the next try is not open. */
function waiting(reads: PlacementReads, now: Date): PlacementView | null {
  const opensAt = placementOpensAt(reads.last, now);
  if (!reads.last || !opensAt) return null;
  const { passed, score, threshold, lessons } = reads.last;
  return { view: 'result', result: { passed, score, threshold, lessons }, opensAt: opensAt.toISOString() };
}

/** GET: the questions of the open try, or the last result while the next is not open. */
export async function placementPage(userId: string, reads: PlacementReads, now: Date): Promise<PlacementView> {
  return waiting(reads, now) ?? { view: 'questions', ...(await startPlacement(userId, reads, now)), status: 200, error: null };
}

/** POST: the form's answers (one field per question, named by its id), graded; a bad form shows the questions again with the message. */
export async function placementFromForm(
  astro: Pick<AstroGlobal, 'request'>,
  userId: string,
  reads: PlacementReads,
  now: Date,
): Promise<PlacementView> {
  const shown = waiting(reads, now);
  if (shown) return shown;
  const fields = await readFormFields(astro.request);
  const parsed = placementAnswersSchema.safeParse({
    answers: Object.entries(fields).map(([questionId, optionId]) => ({ questionId, optionId })),
  });
  const again = async (status: number, error: string): Promise<PlacementView> => ({
    view: 'questions',
    ...(await startPlacement(userId, reads, now)),
    status,
    error,
  });
  if (!parsed.success) return again(400, describeZodError(parsed.error));
  try {
    const result = await submitPlacement(userId, parsed.data, reads, now);
    return { view: 'result', result, opensAt: new Date(now.getTime() + PLACEMENT_WAIT_MS).toISOString() };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    return again(400, error.message);
  }
}

// Quiz results on the client (SPEC §4 "Quiz flow"): submit answers for server grading, then refresh the
// user's results list. Answer keys never come here: the server answers the review after grading.
import { atom } from 'nanostores';
import { apiRequest } from '~/lib/browser/api-client';
import type { QuizResult, SubmitQuizRequest, SubmitQuizResponse } from '~/lib/api/quizzes';

/** The user's results once fetched in this page (null until then). */
export const $quizResults = atom<readonly QuizResult[] | null>(null);

export async function refreshQuizResults(): Promise<readonly QuizResult[]> {
  const results = await apiRequest<QuizResult[]>('GET', '/api/quiz-results');
  $quizResults.set(results);
  return results;
}

/** POST /api/quiz-results; on success the results list is refreshed (a failed refresh is not an error). */
export async function submitQuiz(body: SubmitQuizRequest): Promise<SubmitQuizResponse> {
  const graded = await apiRequest<SubmitQuizResponse>('POST', '/api/quiz-results', body);
  await refreshQuizResults().catch((error: unknown) => console.error('Could not refresh quiz results', error));
  return graded;
}

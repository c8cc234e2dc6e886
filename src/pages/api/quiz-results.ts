import type { APIRoute } from 'astro';
import { submitQuizRequestSchema } from '../../lib/api/quizzes';
import { HttpError } from '../../lib/server/errors';
import { json, readJson } from '../../lib/server/http';
import { listQuizResults, submitQuizResult } from '../../lib/server/services/quizzes';

export const prerender = false;

const userIdOf = (locals: App.Locals): string => {
  if (!locals.user) throw new HttpError(401, 'Not signed in');
  return locals.user.id;
};

/** GET /api/quiz-results: the user's results, oldest first. */
export const GET: APIRoute = async ({ locals }) => json(await listQuizResults(userIdOf(locals)));

/** POST /api/quiz-results: graded on the server; 201 with the stored result and the review. */
export const POST: APIRoute = async ({ locals, request }) => {
  const userId = userIdOf(locals);
  const body = await readJson(request, submitQuizRequestSchema);
  return json(await submitQuizResult(userId, body), 201);
};

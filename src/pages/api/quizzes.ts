import type { APIRoute } from 'astro';
import { requireUser } from '~/server/http/signed-in';
import { json } from '~/server/http/response';
import { listPublicQuizzes } from '~/server/learning/quizzes';

/** GET /api/quizzes: every quiz with questions and options (in the user's order), WITHOUT answer keys. */
export const GET: APIRoute = async ({ locals }) => json((await requireUser(locals, listPublicQuizzes)).data);

import type { APIRoute } from 'astro';
import { json } from '~/lib/server/http/response';
import { listPublicQuizzes } from '~/lib/server/services/quizzes';

export const prerender = false;

/** GET /api/quizzes: every quiz with questions and options, WITHOUT answer keys. */
export const GET: APIRoute = async () => json(await listPublicQuizzes());

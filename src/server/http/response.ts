// JSON answers, and the one mapping from a thrown error to an answer: HttpError with its status,
// a zod failure as 400 naming the field, storage failures as 503, anything else a 500 without details.
import { z } from 'zod';
import { HttpError } from '~/server/errors';
import { StorageUnavailableError } from '~/server/storage/errors';

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ message }, status, headers);
}

/** "field.path: message" for the first failing field, so a 400 always names what is wrong. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** An expected failure the visitor can be told about (its status and message), or null for a bug. */
export function expectedFailure(error: unknown): { status: number; message: string; headers: Record<string, string> } | null {
  if (error instanceof HttpError) return { status: error.status, message: error.message, headers: error.headers };
  if (error instanceof StorageUnavailableError) return { status: error.status, message: error.message, headers: {} };
  if (error instanceof z.ZodError) return { status: 400, message: describeZodError(error), headers: {} };
  return null;
}

/** The `{ message }` answer of a thrown error; an unexpected one is logged and answered 500 without a stack. */
export function toErrorResponse(error: unknown): Response {
  const failure = expectedFailure(error);
  if (failure) return errorResponse(failure.status, failure.message, failure.headers);
  console.error('Unexpected error in API route', error);
  return errorResponse(500, 'Something went wrong on our side. Please try again.');
}

/** What a page may show of a failure: the message of an expected one, never the inside of an unexpected one. */
export function shownFailure(error: unknown): string {
  return expectedFailure(error)?.message ?? 'Something went wrong on our side. Please try again.';
}

/** A plain page for when storage or a setting is missing, or a limit is reached: no layout, since there may be no user. */
export function failurePage(status: 503 | 429, message: string, retryAfter = '30'): Response {
  const escaped = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const title = status === 429 ? 'Too many requests' : 'Temporarily unavailable';
  return new Response(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><body><h1>${title}</h1><p>${escaped}</p></body></html>`,
    { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': retryAfter, 'Cache-Control': 'no-store' } },
  );
}

/** What a failure of the request's own work answers: JSON on the API; a plain 503 page for storage or a setting; else thrown on. */
export function failureAnswer(error: unknown, isApi: boolean): Response {
  if (isApi) return toErrorResponse(error);
  const failure = expectedFailure(error);
  if (failure?.status === 503) return failurePage(503, failure.message);
  throw error;
}

// Small helpers every API route uses: JSON answers, bounded body parsing, id parsing, error mapping.
import { z } from 'zod';
import { HttpError } from './errors';

export const MAX_BODY_BYTES = 64 * 1024;

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

async function readBoundedText(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is larger than 64 KB');
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new HttpError(413, 'Request body is larger than 64 KB');
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Reads a JSON body of at most 64 KB and validates it; 413 / 400 with a message naming the field. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const text = await readBoundedText(request);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new HttpError(400, describeZodError(parsed.error));
  return parsed.data;
}

/** An HTML form post (application/x-www-form-urlencoded), bounded like JSON bodies; fields as strings. */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await readBoundedText(request)));
}

/** Route ids are positive integers (SPEC §5); anything else is a 400 naming the parameter. */
export function parseIntegerId(value: string | undefined, name = 'id'): number {
  if (value === undefined || !/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw new HttpError(400, `${name}: must be a positive integer`);
  }
  return Number(value);
}

/** Wraps a route handler so expected failures become `{ message }` answers and nothing leaks a stack. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof HttpError) return errorResponse(error.status, error.message, error.headers);
  if (error instanceof z.ZodError) return errorResponse(400, describeZodError(error));
  console.error('Unexpected error in API route', error);
  return errorResponse(500, 'Something went wrong on our side. Please try again.');
}

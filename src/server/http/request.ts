// Reading a request: the body, the query or a route id, validated. Each failure is an HttpError naming
// what is wrong (400, 413). Who is signed in: ./signed-in.ts.
import type { z } from 'zod';
import { HttpError } from '~/server/errors';
import { describeZodError } from './response';

const MAX_BODY_BYTES = 64 * 1024;

/** The body's bytes, refused with a 413 `tooLarge` as soon as it passes `maxBytes` (declared or read). */
async function readBoundedBytes(request: Request, maxBytes: number, tooLarge: string): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new HttpError(413, tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, tooLarge);
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

const readBoundedText = async (request: Request): Promise<string> =>
  new TextDecoder().decode(await readBoundedBytes(request, MAX_BODY_BYTES, 'Request body is larger than 64 KB'));

/** Whether the request sends a multipart form (a file upload) rather than JSON. */
export const isMultipart = (request: Request): boolean =>
  request.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data') ?? false;

/**
 * A multipart form of at most `maxBytes` in all (413 `tooLarge` past it, before it is parsed): its text
 * fields, and its files as bytes.
 */
export async function readMultipart(
  request: Request,
  maxBytes: number,
  tooLarge: string,
): Promise<{ fields: Record<string, string>; files: Record<string, Uint8Array> }> {
  const body = await readBoundedBytes(request, maxBytes, tooLarge);
  let form: FormData;
  try {
    form = await new Request('http://form.invalid/', { method: 'POST', headers: request.headers, body }).formData();
  } catch {
    throw new HttpError(400, 'Request body must be a valid multipart form');
  }
  const fields: Record<string, string> = {};
  const files: Record<string, Uint8Array> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string') fields[name] ??= value;
    else files[name] ??= new Uint8Array(await value.arrayBuffer());
  }
  return { fields, files };
}

function validate<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new HttpError(400, describeZodError(parsed.error));
  return parsed.data;
}

/** A body's text parsed as JSON and validated: 400 for text that is not JSON, else 400 naming the field. */
function validateJson<S extends z.ZodType>(schema: S, text: string): z.infer<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  return validate(schema, data);
}

/** Reads a JSON body of at most 64 KB and validates it; 413 / 400 with a message naming the field. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return validateJson(schema, await readBoundedText(request));
}

/**
 * A signed JSON body (a webhook's): the exact text is handed to `verify` (which throws its own 401) before
 * it is parsed, so an unsigned body is refused whatever it holds; then 400 naming the field, like readJson.
 */
export async function readSignedJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  verify: (body: string) => void,
): Promise<z.infer<S>> {
  const text = await readBoundedText(request);
  verify(text);
  return validateJson(schema, text);
}

/** A file sent as the whole body (an upload of `Content-Type` `type`): its bytes, at most `maxBytes`; 415 for another type. */
export async function readBodyFile(request: Request, type: string, maxBytes: number, tooLarge: string): Promise<Uint8Array> {
  const sent = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (sent !== type) throw new HttpError(415, `Send the file with Content-Type: ${type}`);
  return readBoundedBytes(request, maxBytes, tooLarge);
}

/** An HTML form post (application/x-www-form-urlencoded), bounded like JSON bodies; fields as strings. */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await readBoundedText(request)));
}

/** The query parameters the schema names (the first value of each), validated; 400 naming the parameter. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  const params: Record<string, string> = {};
  for (const [name, value] of url.searchParams) params[name] ??= value;
  return validate(schema, params);
}

/**
 * readJson for an administrators' route that reads beside the session check: the body is parsed at once and
 * awaited inside those reads, so a bad body is a 400 for an administrator and the 403 of anybody else.
 */
export function readJsonBesideCheck<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const body = readJson(request, schema);
  body.catch(() => undefined); // settled quietly until the reads await it
  return body;
}

/** A route id (parsed as an integer): a positive integer of at most 9 digits, else null. */
export function parseRouteId(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** A route id an API call needs: 400 naming the parameter when it is not a positive integer. */
export function requireRouteId(value: string | undefined, name = 'id'): number {
  const id = parseRouteId(value);
  if (id === null) throw new HttpError(400, `${name}: must be a positive integer`);
  return id;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The `Idempotency-Key` header of a write the islands may repeat (one key per logical action, sent again
 * on a retry), or null without one; 400 when it is not 16 to 64 letters, digits, '-' or '_'.
 */
export function readIdempotencyKey(request: Request): string | null {
  const value = request.headers.get('idempotency-key');
  if (value === null) return null;
  if (!IDEMPOTENCY_KEY.test(value)) throw new HttpError(400, "Idempotency-Key: must be 16 to 64 letters, digits, '-' or '_'");
  return value;
}

/** The idempotency key of an HTML form (its hidden `idempotencyKey` field), validated like the header; null without one. */
export function formIdempotencyKey(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!IDEMPOTENCY_KEY.test(value)) throw new HttpError(400, "idempotencyKey: must be 16 to 64 letters, digits, '-' or '_'");
  return value;
}

/** A username from a route parameter, percent-decoded ('' when malformed: no such user). */
export function routeUsername(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return '';
  }
}

// The islands' one way to call /api (docs/product.md "API conventions"): cookies included, JSON bodies, and any non-OK answer
// thrown as an ApiError whose message is "{status}: {body text or status text}".

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ message }`, when the body is one. */
  get serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON: no server message
    }
    return null;
  }
}

/**
 * `headers` are sent besides the JSON ones, e.g. the `Idempotency-Key` of a write a person may retry. A FormData
 * body goes as multipart (the browser sets its boundary); a 204 answers undefined.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {},
): Promise<T> {
  const form = body instanceof FormData;
  const json: Record<string, string> =
    body === undefined || form ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' };
  const response = await fetch(path, {
    ...init,
    method,
    credentials: 'include',
    headers: { ...init.headers, ...json },
    ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

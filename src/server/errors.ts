/**
 * The one error type request handlers turn into a JSON answer `{ message }` with its status.
 * Services throw it for expected failures (bad input, not found, conflicts, throttling).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

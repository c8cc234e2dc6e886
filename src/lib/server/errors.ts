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

/** Thrown by the storage module when Netlify Blobs cannot be reached or answers with an error. */
export class StorageUnavailableError extends HttpError {
  constructor(cause: unknown) {
    super(503, 'Storage is temporarily unavailable. Please try again in a moment.');
    this.name = 'StorageUnavailableError';
    this.cause = cause;
  }
}

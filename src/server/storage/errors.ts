/**
 * The one error storage throws: Netlify Blobs could not be reached or answered with an error. The HTTP
 * layer answers it with 503 and this message (src/server/http/response.ts); nothing else is exposed.
 */
export class StorageUnavailableError extends Error {
  readonly status = 503;

  constructor(cause: unknown) {
    super('Storage is temporarily unavailable. Please try again in a moment.', { cause });
    this.name = 'StorageUnavailableError';
  }
}

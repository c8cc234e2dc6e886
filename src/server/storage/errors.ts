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

/** What `read` gives, or null when storage cannot be read: for a part of a page that shows without it. */
export async function nullWhenStorageUnavailable<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof StorageUnavailableError) return null;
    throw error;
  }
}

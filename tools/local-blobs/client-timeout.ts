/**
 * Runs `task` with the site's Blobs client timeout (BLOBS_TIMEOUT_MS, read per request) set to `ms`, then puts
 * the setting back. For a request whose Blobs answer is lost on purpose (fault mode's timeout): it is given
 * up after `ms`, while every other request of a test waits as long as a loaded machine needs.
 */
export async function withBlobsTimeout<T>(ms: number, task: () => Promise<T>): Promise<T> {
  const saved = process.env['BLOBS_TIMEOUT_MS'];
  process.env['BLOBS_TIMEOUT_MS'] = String(ms);
  try {
    return await task();
  } finally {
    if (saved === undefined) delete process.env['BLOBS_TIMEOUT_MS'];
    else process.env['BLOBS_TIMEOUT_MS'] = saved;
  }
}

import type { APIRoute } from 'astro';
import { requestNow } from '~/server/clock';
import { readBodyFile } from '~/server/http/request';
import { json } from '~/server/http/response';
import { requireAdmin } from '~/server/http/signed-in';
import { importOutcomesCsv } from '~/server/outcomes/outcomes';

/** Far above the row limit's size (csv.ts MAX_CSV_ROWS): a larger body is refused before it is read through. */
const MAX_CSV_BYTES = 1024 * 1024;

/**
 * POST /api/outcomes/csv (administrators; a text/csv body of username,milestone,date rows): `{ added, unchanged }`,
 * or 400 `{ error, rows: [{ row, message }] }` with nothing stored when any row is wrong.
 */
export const POST: APIRoute = async ({ locals, request }) => {
  const { user } = await requireAdmin(locals);
  const file = await readBodyFile(request, 'text/csv', MAX_CSV_BYTES, 'The file is larger than 1 MB: upload at most 2000 rows at a time');
  const result = await importOutcomesCsv(user, file, requestNow(request));
  return 'error' in result ? json(result, 400) : json(result);
};

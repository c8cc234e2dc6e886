/**
 * The "Ramp milestones" form of a person's pages (their plan, and their page under Team Progress): record a
 * milestone reached (a date, an optional note) and, for administrators, remove one. Works without
 * JavaScript: the page posts to itself and answers what it shows next (Post/Redirect/Get).
 */
import { recordOutcomeRequestSchema } from '~/shared/api/outcomes';
import { HttpError } from '~/server/errors';
import { readFormFields, readMultipart } from '~/server/http/request';
import { describeZodError } from '~/server/http/response';
import { deleteOutcome, importOutcomesCsv, recordOutcome, type Caller } from './outcomes';

/** The form's query on the page's address, so the page knows the post is this form's. */
export const OUTCOME_FORM = 'outcome';

export const OUTCOME_DONE: Record<string, string> = {
  'outcome-recorded': 'The milestone is recorded.',
  'outcome-removed': 'The milestone is removed.',
};

export type OutcomeFormResult = { done: keyof typeof OUTCOME_DONE } | { error: string; status: number };

/** One post of the form about the person `username` names (404 inside: a message), by an administrator or the person themself. */
export async function handleOutcomeForm(
  request: Request,
  caller: Exclude<Caller, { kind: 'webhook' }>,
  username: () => Promise<string>,
  now: Date,
): Promise<OutcomeFormResult> {
  const fields = await readFormFields(request);
  try {
    if (fields['action'] === 'remove') {
      if (caller.kind !== 'admin') return { error: 'Only an administrator can remove a milestone.', status: 403 };
      await deleteOutcome(fields['id'] ?? '');
      return { done: 'outcome-removed' };
    }
    const parsed = recordOutcomeRequestSchema.safeParse({
      username: await username(),
      milestone: fields['milestone'],
      date: fields['date'],
      note: fields['note'] || undefined,
    });
    if (!parsed.success) return { error: describeZodError(parsed.error), status: 400 };
    await recordOutcome(caller, parsed.data, now);
    return { done: 'outcome-recorded' };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return { error: error.message, status: error.status };
  }
}

/** Far above the row limit's size: a larger upload is refused before it is read through. */
const MAX_UPLOAD_BYTES = 1024 * 1024;

export type CsvFormResult =
  { added: number; unchanged: number } | { error: string; rows: Array<{ row: number; message: string }>; status: number };

/** Team Progress's upload form: the file field `file` imported as POST /api/outcomes/csv imports it (administrators). */
export async function handleOutcomesCsvForm(request: Request, by: { id: string; name: string }, now: Date): Promise<CsvFormResult> {
  try {
    const { files } = await readMultipart(request, MAX_UPLOAD_BYTES, 'The file is larger than 1 MB: upload at most 2000 rows at a time');
    const file = files['file'];
    if (!file || file.length === 0) return { error: 'Choose a CSV file to upload.', rows: [], status: 400 };
    const result = await importOutcomesCsv(by, file, now);
    return 'error' in result ? { ...result, status: 400 } : result;
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    return { error: error.message, rows: [], status: error.status };
  }
}

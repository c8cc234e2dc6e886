// Team Progress's upload form: what it answers before anything is read or stored.
import { describe, expect, it } from 'vitest';
import { handleOutcomesCsvForm } from './outcome-form';

const ADMIN = { id: 'admin-id', name: 'Admin' };
const NOW = new Date('2026-12-03T08:00:00Z');
const post = (form: FormData) => new Request('http://hub.example/team-progress?form=outcomes-csv', { method: 'POST', body: form });

describe('the outcomes upload form', () => {
  it('asks for a file when none or an empty one is sent', async () => {
    const empty = new FormData();
    empty.set('file', new File([], 'outcomes.csv', { type: 'text/csv' }));
    for (const form of [new FormData(), empty])
      expect(await handleOutcomesCsvForm(post(form), ADMIN, NOW)).toEqual({ error: 'Choose a CSV file to upload.', rows: [], status: 400 });
  });

  it('refuses a body that is no multipart form with a 400 message, not an error page', async () => {
    const request = new Request('http://hub.example/team-progress?form=outcomes-csv', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'not a form',
    });
    expect(await handleOutcomesCsvForm(request, ADMIN, NOW)).toEqual({
      error: 'Request body must be a valid multipart form',
      rows: [],
      status: 400,
    });
  });

  it('names the wrong rows of a file it cannot read, storing nothing', async () => {
    const form = new FormData();
    form.set('file', new File(['=cmd,first-opportunity,2026-11-01\n'], 'outcomes.csv', { type: 'text/csv' }));
    const result = await handleOutcomesCsvForm(post(form), ADMIN, NOW);
    expect(result).toMatchObject({ status: 400, rows: [{ row: 1 }] });
  });
});

// GET /sales-kit/deal-templates/{id}: the filled example of a deal template served as a Markdown file to
// signed-in staff only (never a public file): signed out, the sign-in page; an unknown id, 404.
import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '~/server/demo-accounts';
import { signIn, useTestApp } from './harness';

const t = useTestApp();
const HTML = { headers: { Accept: 'text/html' } };

describe('GET /sales-kit/deal-templates/{id}', () => {
  it('sends a signed-out request to the sign-in page, without the file', async () => {
    const response = await t.app.request('GET', '/sales-kit/deal-templates/mutual-action-plan', HTML);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth');
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(await response.text()).not.toContain('Mutual action plan');
  });

  it('serves the filled example as a Markdown attachment, not to be cached', async () => {
    const client = await signIn(t.app, DEMO_USER);
    const response = await client.request('GET', '/sales-kit/deal-templates/business-case', HTML);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="parcelwise-business-case.md"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text).toMatch(/^# Business case\n/);
    expect(text).toContain('| Item | Their estimate | Per year |');
  });

  it('answers 404 for a template that does not exist', async () => {
    const client = await signIn(t.app, DEMO_USER);
    const response = await client.request('GET', '/sales-kit/deal-templates/proposal', HTML);
    expect(response.status).toBe(404);
  });
});

// GET /api/search?q={term} (SPEC §3 "Search response", §7; issue 5): four groups in the spec's shapes,
// ranked, at most 8 each, prefix and typo tolerant; empty query → four empty lists; q over 200
// characters → 400 naming q; 401 signed out.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { personaResponseSchema, segmentListResponseSchema } from '~/lib/api/buyers';
import { DEMO_USER } from '~/lib/server/demo-accounts';
import { messageOf, useTestApp } from './harness';

const t = useTestApp({ signInAs: DEMO_USER });

const id = z.number().int().positive();
/** Strict: exactly the spec's fields, nothing else leaves the server. */
const searchBodySchema = z.strictObject({
  modules: z.array(z.strictObject({ id, title: z.string().min(1) })).max(8),
  segments: z.array(z.strictObject({ id, name: z.string().min(1) })).max(8),
  personas: z.array(z.strictObject({ id, name: z.string().min(1), title: z.string().min(1) })).max(8),
  quizzes: z.array(z.strictObject({ id, title: z.string().min(1) })).max(8),
});
type SearchBody = z.infer<typeof searchBodySchema>;

const EMPTY = { modules: [], segments: [], personas: [], quizzes: [] };

async function search(q: string): Promise<SearchBody> {
  const response = await t.client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  return searchBodySchema.parse(await response.json());
}

describe('GET /api/search', () => {
  it('answers the four groups in the SPEC §3 shapes, at most 8 each', async () => {
    const body = await search('marketing');
    expect(Object.keys(body).sort()).toEqual(['modules', 'personas', 'quizzes', 'segments']);
    // "marketing" is in every kind of content.
    for (const group of Object.values(body)) expect(group.length).toBeGreaterThan(0);
    // Names and titles rank first: a persona titled "... Marketing ..." leads.
    expect(body.personas[0]?.title).toMatch(/marketing/i);
  });

  it('finds a module and a quiz for a real term, title hits first', async () => {
    const body = await search('lease');
    expect(body.modules).toContainEqual({ id: 2, title: 'Commercial Real Estate Fundamentals' });
    expect(body.quizzes[0]).toEqual({ id: 3, title: 'Lease Types and CRE Metrics' });
  });

  it('tolerates prefixes and typos', async () => {
    expect((await search('leese')).quizzes[0]).toEqual({ id: 3, title: 'Lease Types and CRE Metrics' });
    expect((await search('fundament')).modules).toContainEqual({ id: 2, title: 'Commercial Real Estate Fundamentals' });
  });

  it('finds segments and personas by name, in their shapes', async () => {
    const segments = segmentListResponseSchema.parse(await (await t.client.get('/api/segments')).json());
    const segment = segments[0]!;
    expect((await search(segment.name)).segments[0]).toEqual({ id: segment.id, name: segment.name });
    const persona = personaResponseSchema.parse(await (await t.client.get('/api/personas/1')).json());
    expect((await search(persona.name)).personas[0]).toEqual({ id: persona.id, name: persona.name, title: persona.title });
  });

  it('decodes the URL-encoded term', async () => {
    const body = await search('Marketing & Research');
    expect(body.personas.some((persona) => persona.title.includes('Marketing & Research'))).toBe(true);
  });

  it('does not search quiz explanations or options (they would give answers away)', async () => {
    // "depreciation" appears only in an explanation of quiz 3 (content/quizzes/03-lease-types-metrics.yaml).
    expect(await search('depreciation')).toEqual(EMPTY);
  });

  it('answers four empty lists for an empty, blank or missing q', async () => {
    expect(await search('')).toEqual(EMPTY);
    expect(await search('   ')).toEqual(EMPTY);
    const response = await t.client.get('/api/search');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(EMPTY);
  });

  it('accepts 200 characters and refuses 201 with a 400 naming q', async () => {
    await search('a'.repeat(200));
    const response = await t.client.get(`/api/search?q=${'a'.repeat(201)}`);
    expect(await messageOf(response, 400)).toMatch(/^q: /);
  });

  it('answers 401 when signed out', async () => {
    const response = await t.app.request('GET', '/api/search?q=lease');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not signed in' });
  });
});

// GET /api/segments, /api/segments/{id}, /api/personas/{id} (docs/product.md "API calls" and "API conventions":
// 401 signed out, 400 for a malformed id, 404 for an unknown one, errors as { message }).
import { describe, expect, it } from 'vitest';
import { personaResponseSchema, segmentListResponseSchema, segmentResponseSchema } from '~/shared/api/buyers';
import { DEMO_USER } from '~/server/demo-accounts';
import { messageOf, useTestApp } from './harness';

const t = useTestApp({ signInAs: DEMO_USER });

const SEGMENT_KEYS = ['careAbout', 'color', 'description', 'examples', 'icon', 'id', 'name', 'talkingPoints'];
const PERSONA_KEYS = ['avatar', 'background', 'company', 'goals', 'id', 'name', 'painPoints', 'preferences', 'role', 'segment', 'title'];

async function expectMessage(response: Response, status: number, message: RegExp): Promise<void> {
  expect(await messageOf(response, status)).toMatch(message);
}

describe('GET /api/segments', () => {
  it('lists the four segments, ordered by id, in the documented shape', async () => {
    const response = await t.client.get('/api/segments');
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    const segments = segmentListResponseSchema.parse(body);
    expect(segments.map(({ id, name }) => [id, name])).toEqual([
      [8, 'Building Owners'],
      [9, 'Leasing Brokers'],
      [10, 'Investment Sales Brokers'],
      [11, 'Property Managers'],
    ]);
    for (const segment of body as Array<Record<string, unknown>>) {
      expect(Object.keys(segment).sort()).toEqual(SEGMENT_KEYS);
    }
    for (const segment of segments) {
      expect(segment.careAbout.length).toBeGreaterThan(0);
      expect(segment.talkingPoints.length).toBeGreaterThan(0);
      for (const example of segment.examples) expect(Object.keys(example).sort()).toEqual(['name', 'url']);
    }
  });

  it('answers 401 when signed out', async () => {
    await expectMessage(await t.app.request('GET', '/api/segments'), 401, /Not signed in/);
  });
});

describe('GET /api/segments/{id}', () => {
  it('returns one segment in the documented shape', async () => {
    const response = await t.client.get('/api/segments/10');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(SEGMENT_KEYS);
    const segment = segmentResponseSchema.parse(body);
    expect(segment).toMatchObject({ id: 10, name: 'Investment Sales Brokers', icon: 'Users', color: 'emerald' });
  });

  it('answers 404 for an unknown id', async () => {
    await expectMessage(await t.client.get('/api/segments/99'), 404, /not found/i);
    await expectMessage(await t.client.get('/api/segments/1'), 404, /not found/i);
  });

  it('answers 400 for a non-integer, negative or zero id', async () => {
    for (const id of ['abc', '-1', '0', '8.5', '1e3']) {
      await expectMessage(await t.client.get(`/api/segments/${id}`), 400, /id/);
    }
  });

  it('answers 401 when signed out', async () => {
    await expectMessage(await t.app.request('GET', '/api/segments/8'), 401, /Not signed in/);
  });
});

describe('GET /api/personas/{id}', () => {
  it('returns one persona in the documented shape', async () => {
    const response = await t.client.get('/api/personas/1');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(PERSONA_KEYS);
    const persona = personaResponseSchema.parse(body);
    expect(persona).toMatchObject({
      id: 1,
      name: 'Dana Whitfield',
      title: 'Vice President of Marketing',
      company: 'Meridian Ridge Realty Partners',
      segment: 'Enterprise',
      role: 'decision_maker',
      avatar: null,
    });
    expect(Object.keys(persona.preferences).sort()).toEqual(['careAbout', 'decisionFactors']);
    expect(persona.goals.length).toBeGreaterThan(0);
    expect(persona.painPoints.length).toBeGreaterThan(0);
  });

  it('returns every persona 1..8 with valid enums', async () => {
    for (let id = 1; id <= 8; id += 1) {
      const response = await t.client.get(`/api/personas/${id}`);
      expect(response.status, `persona ${id}`).toBe(200);
      expect(personaResponseSchema.parse(await response.json()).id).toBe(id);
    }
  });

  it('answers 404 for an unknown id', async () => {
    await expectMessage(await t.client.get('/api/personas/9999'), 404, /not found/i);
  });

  it('answers 400 for a non-integer or negative id', async () => {
    for (const id of ['dana', '-3', '0', '2.5']) {
      await expectMessage(await t.client.get(`/api/personas/${id}`), 400, /id/);
    }
  });

  it('answers 401 when signed out', async () => {
    await expectMessage(await t.app.request('GET', '/api/personas/1'), 401, /Not signed in/);
  });
});

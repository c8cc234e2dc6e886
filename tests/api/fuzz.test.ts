// Hostile input on every endpoint and method (docs/product.md "API conventions"): malformed JSON, wrong types, missing and unknown
// fields, huge strings, bad ids, path traversal, prototype-pollution keys. Each answer must be a 4xx
// with a JSON `{ message }`, never a 5xx, and nothing may be stored for the user sending them.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type ApiClient, messageOf, useTestApp } from './harness';

const t = useTestApp();
let client: ApiClient;
beforeAll(async () => {
  ({ client } = await signUp(t.app, 'Fuzz Tester'));
});

const WRITES: Array<[method: 'POST' | 'PATCH', path: string]> = [
  ['POST', '/api/login'],
  ['POST', '/api/register'],
  ['POST', '/api/daily-challenge/complete'],
  ['PATCH', '/api/modules/1'],
  ['POST', '/api/progress'],
  ['PATCH', '/api/progress/1'],
  ['POST', '/api/quiz-results'],
  ['POST', '/api/review'],
  ['POST', '/api/track-visit'],
];

const BODIES: Array<[label: string, raw: string]> = [
  ['malformed JSON', '{"username":'],
  ['empty body', ''],
  ['a JSON array', '[]'],
  ['a JSON number', '42'],
  ['a JSON string', '"text"'],
  ['null', 'null'],
  ['an empty object', '{}'],
  ['an unknown field', '{"zzz":1}'],
  [
    'wrong types everywhere',
    '{"username":1,"password":[],"name":{},"status":7,"moduleId":"x","quizId":true,"answers":"no","completedLessons":{},"questionId":[],"answerId":null,"pagePath":5,"tabId":9,"exitPage":1,"visitDate":"yesterday","timeSpent":"x","lastActivity":3}',
  ],
  ['__proto__ pollution', '{"__proto__":{"polluted":true},"username":"a@b.c","password":"x"}'],
  ['constructor pollution', '{"constructor":{"prototype":{"polluted":true}}}'],
  [
    'negative and fractional numbers',
    '{"moduleId":-1,"quizId":1.5,"completedLessons":[-3,0.5],"status":"completed","answers":[{"questionId":"q1","selectedOptionId":"a","isCorrect":true}]}',
  ],
  [
    'path traversal strings',
    '{"pagePath":"/../../etc/passwd","tabId":"../..","questionId":"../../users","answerId":"..\\\\..","quizId":"../1","username":"../../admin"}',
  ],
  ['a huge string', JSON.stringify({ username: 'x'.repeat(70_000), password: 'y' })],
  [
    'a long but small-enough string',
    JSON.stringify({
      username: 'u'.repeat(5_000),
      password: 'p'.repeat(5_000),
      name: 'n'.repeat(5_000),
      pagePath: `/${'a'.repeat(5_000)}`,
    }),
  ],
];

const BAD_IDS = ['-1', '0', '1.5', 'abc', '..%2F..%2Fusers', '%2e%2e', '__proto__', 'constructor', '99999999999', '1e3', '%00'];
const ID_ROUTES: Array<[method: 'GET' | 'PATCH', template: string]> = [
  ['GET', '/api/segments/{id}'],
  ['GET', '/api/personas/{id}'],
  ['GET', '/api/modules/{id}'],
  ['PATCH', '/api/modules/{id}'],
  ['PATCH', '/api/progress/{id}'],
];

async function expectClientError(response: Response, context: string): Promise<void> {
  expect(response.status, context).toBeGreaterThanOrEqual(400);
  expect(response.status, context).toBeLessThan(500);
  await messageOf(response);
}

describe.skipIf(process.env['API_BASE_URL'] !== undefined)('hostile input never gets a 5xx', () => {
  for (const [method, path] of WRITES) {
    it(`${method} ${path}`, async () => {
      for (const [label, raw] of BODIES) {
        const response = await client.request(method, path, {
          rawBody: raw,
          ip: `10.77.${WRITES.findIndex(([, p]) => p === path)}.${BODIES.findIndex(([l]) => l === label)}`,
        });
        await expectClientError(response, `${method} ${path} with ${label}`);
      }
    });
  }

  for (const [method, template] of ID_ROUTES) {
    it(`${method} ${template} with bad ids`, async () => {
      for (const id of BAD_IDS) {
        const response = await client.request(
          method,
          template.replace('{id}', id),
          method === 'PATCH' ? { body: { status: 'in_progress', completedLessons: [101] } } : {},
        );
        await expectClientError(response, `${method} ${template} with id ${id}`);
      }
    });
  }

  it('GET /api/search with hostile queries', async () => {
    for (const q of ['x'.repeat(201), '%00', '__proto__', '../../', '"><script>', '(((', '*']) {
      const response = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBeLessThan(500);
      if (response.status >= 400) await expectClientError(response, `search ${q}`);
    }
  });

  it('leaves no prototype polluted and nothing stored for the user', async () => {
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(await (await client.get('/api/progress')).json()).toEqual([]);
    expect(await (await client.get('/api/quiz-results')).json()).toEqual([]);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

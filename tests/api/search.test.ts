// GET /api/search?q={term} (docs/product.md "GET /api/search"): the four named groups in
// their shapes plus the groups of everything else, each hit with a title, context, marked snippet and a
// deep link that lands on a visible target; at most 8 per group; empty or too-short → every group empty;
// q over 200 characters → 400 naming q; special characters searched as text; 401 signed out.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { personaResponseSchema, segmentListResponseSchema } from '~/shared/api/buyers';
import { DEMO_USER } from '~/server/demo-accounts';
import { messageOf, useTestApp } from './harness';
import { landingOf } from './search-landing';

const t = useTestApp({ signInAs: DEMO_USER });

const id = z.number().int().positive();
const place = z.array(
  z.strictObject({
    id: z.string().min(1),
    title: z.string().min(1),
    context: z.string().min(1),
    snippet: z.array(z.string()).refine((parts) => parts.length % 2 === 1, 'alternates plain and marked, plain first and last'),
    href: z.string().startsWith('/'),
  }),
);
/** Strict: exactly these fields, nothing else leaves the server. */
const searchBodySchema = z.strictObject({
  modules: z.array(z.strictObject({ id, title: z.string().min(1) })).max(8),
  segments: z.array(z.strictObject({ id, name: z.string().min(1) })).max(8),
  personas: z.array(z.strictObject({ id, name: z.string().min(1), title: z.string().min(1) })).max(8),
  quizzes: z.array(z.strictObject({ id, title: z.string().min(1) })).max(8),
  lessons: place.max(8),
  glossary: place.max(8),
  situations: place.max(8),
  product: place.max(8),
  resources: place.max(8),
  company: place.max(8),
  industry: place.max(8),
  icp: place.max(8),
});
type SearchBody = z.infer<typeof searchBodySchema>;
type PlaceGroup = Exclude<keyof SearchBody, 'modules' | 'segments' | 'personas' | 'quizzes'>;
const PLACE_GROUPS: PlaceGroup[] = ['lessons', 'glossary', 'situations', 'product', 'resources', 'company', 'industry', 'icp'];

const EMPTY = Object.fromEntries(Object.keys(searchBodySchema.shape).map((group) => [group, []]));

async function search(q: string): Promise<SearchBody> {
  const response = await t.client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  return searchBodySchema.parse(await response.json());
}

const marked = (snippet: string[]) => snippet.filter((_, i) => i % 2 === 1).map((word) => word.toLowerCase());

describe('GET /api/search: the spec groups', () => {
  it('answers the four named groups in their documented shapes, at most 8 each, names and titles first', async () => {
    const body = await search('marketing');
    for (const group of ['modules', 'segments', 'personas', 'quizzes'] as const) expect(body[group].length).toBeGreaterThan(0);
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
    expect((await search('Dana')).personas).toEqual([{ id: persona.id, name: persona.name, title: persona.title }]);
    // The Enterprise badge, typed as far as "enter".
    expect((await search('enter')).personas.map((p) => p.id).sort()).toEqual([1, 3, 8]);
  });

  it('decodes the URL-encoded term', async () => {
    const body = await search('Marketing & Research');
    expect(body.personas.some((persona) => persona.title.includes('Marketing & Research'))).toBe(true);
  });

  it('does not search quiz explanations or options, nor knowledge-check answers (they would give answers away)', async () => {
    // "depreciation" appears only in an explanation of quiz 3
    // and in the glossary and lesson text, which are not quizzes.
    expect((await search('depreciation')).quizzes).toEqual([]);
    // An explanation of a knowledge check in lesson 404: "a textbook Tier 1 account".
    expect((await search('textbook')).lessons).toEqual([]);
  });
});

describe('GET /api/search: everything else', () => {
  it('NNN: the abbreviation and the lease type first, then the lessons that teach it, each with a marked snippet', async () => {
    const body = await search('NNN');
    expect(body.glossary.slice(0, 2).map((hit) => hit.href)).toEqual(
      expect.arrayContaining([
        '/industry-knowledge?tab=terms-acronyms#abbr-nnn',
        '/industry-knowledge?tab=industry-overview#lease-type-triple-net',
      ]),
    );
    expect(body.glossary.find((hit) => hit.id === 'abbr-nnn')).toMatchObject({ title: 'NNN: Triple net', context: 'Abbreviation' });
    const lesson = body.lessons.find((hit) => hit.href === '/modules/2/lessons/203#net-leases-n-nn-and-nnn');
    expect(lesson).toMatchObject({
      title: 'Lease Types Explained',
      context: 'Commercial Real Estate Fundamentals · Net leases: N, NN and NNN',
    });
    expect(marked(lesson!.snippet)).toContain('nnn');
  });

  it('synonyms from the glossary: "triple net" finds NNN, "tenant improvement" finds TI', async () => {
    expect((await search('triple net')).glossary.map((hit) => hit.id)).toContain('abbr-nnn');
    expect((await search('tenant improvement')).glossary[0]?.id).toBe('abbr-ti');
  });

  it('an objection, an integration, a competitor and a company value land in their groups', async () => {
    const budget = await search('budget');
    expect(budget.situations[0]).toMatchObject({
      title: 'Budget Pushback',
      href: '/sales-situations?situation=budget-pushback&play=1#coach-result',
    });
    expect((await search('Yardi')).product[0]).toMatchObject({
      title: 'Yardi Voyager',
      href: '/product?tab=integrations#integration-yardi-voyager',
    });
    expect((await search('Listora')).industry[0]).toMatchObject({
      title: 'Listora',
      href: '/industry-knowledge?tab=competitive-landscape#competitor-listora',
    });
    expect((await search('ACCELERATE')).company[0]).toMatchObject({
      title: 'ACCELERATE',
      href: '/company-overview?tab=valueProps#value-prop-accelerate',
    });
  });

  it('every deep link lands on its target: the page answers, the fragment id is there once, in the selected tab', async () => {
    const queries = [
      'marketing',
      'lease',
      'NNN',
      'cap rate',
      'budget',
      'Yardi',
      'Listora',
      'tier',
      'red flags',
      'mission',
      'team',
      'history',
      'champion',
      'pain',
      'case study',
      'trends',
    ];
    const hrefs = new Set<string>();
    for (const q of queries) {
      const body = await search(q);
      for (const group of PLACE_GROUPS) for (const hit of body[group]) hrefs.add(hit.href);
    }
    expect(hrefs.size).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const href of hrefs) {
      const problem = await landingOf(t.client, href);
      if (problem) failures.push(`${href}: ${problem}`);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

describe('GET /api/search: bad input', () => {
  it('answers every group empty for an empty, blank, missing or too-short q', async () => {
    expect(await search('')).toEqual(EMPTY);
    expect(await search('   ')).toEqual(EMPTY);
    expect(await search('a')).toEqual(EMPTY);
    expect(await search('a b')).toEqual(EMPTY);
    const response = await t.client.get('/api/search');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(EMPTY);
  });

  it('accepts 200 characters and refuses 201 with a 400 naming q', async () => {
    await search('a'.repeat(200));
    const response = await t.client.get(`/api/search?q=${'a'.repeat(201)}`);
    expect(await messageOf(response, 400)).toBe('q: must be at most 200 characters');
  });

  it.each(['%', '100%', '"quotes"', "won't", '.*', '[a-z]+(', '\\', '💰 budget', '🙂🙂', '<script>alert(1)</script>', 'NNN?!', '%zz'])(
    'searches %s as text',
    async (q) => {
      await search(q);
    },
  );

  it('finds the words among symbols and quotes', async () => {
    expect((await search('"NNN"?')).glossary.map((hit) => hit.id)).toContain('abbr-nnn');
    expect((await search('💰 budget')).situations[0]?.title).toBe('Budget Pushback');
    expect((await search("won't use another tool")).lessons[0]?.title).toBe('Handling Common Objections');
  });

  it('answers a malformed percent escape as text too', async () => {
    const response = await t.client.get('/api/search?q=100%');
    expect(response.status).toBe(200);
    searchBodySchema.parse(await response.json());
  });

  it('answers 401 when signed out', async () => {
    const response = await t.app.request('GET', '/api/search?q=lease');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not signed in' });
  });
});

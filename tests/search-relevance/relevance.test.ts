// Relevance of the search on the real content: recall@3 over the realistic queries of ./cases.ts must be
// at least 95 %, and queries whose words never occur together must find nothing. Prints every miss with
// what came first instead, and the figure.
import { describe, expect, it } from 'vitest';
import { getSearchDocuments } from '~/server/content/search-documents';
import { createSearchIndex } from '~/server/search/search';
import { RELEVANCE_CASES } from './cases';

const REQUIRED_RECALL = 0.95;

/** Nonsense, and real words that no entry has together: each must find nothing at all. */
const FINDS_NOTHING = ['zqxjkvw nothing matches this', 'qwertyuiop', 'zzqqxx lease', 'lease volcano', 'broker penguin', 'the of and'];
const TOP = 3;

describe('search relevance (recall@3 on the real content)', () => {
  it('has at least 50 cases, including the ones the issue names', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(50);
    const queries = RELEVANCE_CASES.map((c) => c.q);
    for (const q of ['NNN', 'cap rate', 'Yardi', 'budget', 'Dana', 'enterprise', 'leese']) expect(queries).toContain(q);
  });

  it(`finds the expected result in the top ${TOP} for at least ${REQUIRED_RECALL * 100} % of the queries`, async () => {
    const index = createSearchIndex(await getSearchDocuments());
    const misses: string[] = [];
    for (const { q, kind, expect: wanted } of RELEVANCE_CASES) {
      const top = index.results(q).top.map((hit) => `${hit.group}: ${hit.title}`);
      if (!top.some((hit) => wanted.includes(hit)))
        misses.push(`  ${kind.padEnd(12)} "${q}": wanted ${wanted.join(' | ')}; got ${top.join(' | ') || 'nothing'}`);
    }
    const recall = (RELEVANCE_CASES.length - misses.length) / RELEVANCE_CASES.length;
    console.log(
      `search relevance: recall@${TOP} ${(recall * 100).toFixed(1)} % (${RELEVANCE_CASES.length - misses.length}/${RELEVANCE_CASES.length})`,
    );
    if (misses.length > 0) console.log(`misses:\n${misses.join('\n')}`);
    expect(recall).toBeGreaterThanOrEqual(REQUIRED_RECALL);
  }, 180_000);

  it.each(FINDS_NOTHING)('finds nothing for "%s"', async (q) => {
    const index = createSearchIndex(await getSearchDocuments());
    const { total, top } = index.results(q);
    expect({ total, top: top.map((hit) => `${hit.group}: ${hit.title}`) }).toEqual({ total: 0, top: [] });
  });
});

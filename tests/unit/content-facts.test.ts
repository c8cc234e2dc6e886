// The product facts (content/facts) as Astro loads them for the pages, and the `facts` field on every
// collection whose statements the claim rules read (content/README.md "Product facts").
import { describe, expect, it } from 'vitest';
import { UNCITED_COLLECTIONS, UNIT_LISTS } from '~/content-check/claim-text';
import { allowedFields } from '~/content-check/describe';
import { getFacts } from '~/server/content/facts';
import { readContent } from '~/content-check/read';
import { CONTENT_SOURCES } from '~/content-check/sources';
import { PROJECT_ROOT } from '../support/content-fixture';

const CITED_BY_HAND = new Set(['company', 'industryGlossary']);

describe('product facts', () => {
  it('are loaded from every list file of content/facts, as the content check reads them', async () => {
    const loaded = await getFacts();
    const read = readContent(PROJECT_ROOT).entries.filter((entry) => entry.source.collection === 'facts');
    expect(loaded.map((fact) => fact.id)).toEqual(read.map((entry) => entry.id).sort());
    expect(new Set(read.map((entry) => entry.file)).size).toBeGreaterThan(1);
    for (const fact of loaded) expect(fact.file, fact.id).toBe(read.find((other) => other.id === fact.id)?.file);
    // Parsed by the schema: the review block has its reviewBy, the triggers are there.
    expect(loaded.find((fact) => fact.id === 'crm-hubspot')).toMatchObject({ status: 'available', review: { owner: 'rafael-souza' } });
  });

  it('can be cited from every collection whose statements are read, and from each play, question and IT answer', () => {
    for (const source of CONTENT_SOURCES) {
      const fields = allowedFields(source.schema, []);
      // The company profile's `facts` are its headline figures; a glossary term cites by hand what its
      // definition says about Parcelwise, for the reviews a fact reopens. Neither is read for claims.
      if (UNCITED_COLLECTIONS.has(source.collection))
        expect(CITED_BY_HAND.has(source.collection) || !fields.includes('facts'), source.collection).toBe(true);
      else expect(fields, source.collection).toContain('facts');
      const list = UNIT_LISTS[source.collection];
      if (list) expect(allowedFields(source.schema, [list, 0]), `${source.collection}.${list}`).toContain('facts');
    }
  });
});

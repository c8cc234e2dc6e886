import { describe, expect, it } from 'vitest';
import { glossaryTermAnchor, headingSlug, headingSlugs, slugify } from './anchors';

describe('anchors', () => {
  it('slugs headings as github-slugger (Astro) does', () => {
    expect(headingSlug('Net leases: N, NN and NNN')).toBe('net-leases-n-nn-and-nnn');
    expect(headingSlug("Who's who — in a CRE deal (2)")).toBe('whos-who--in-a-cre-deal-2');
    expect(headingSlugs(['Intro', 'Key takeaways', 'Key takeaways', 'Key takeaways-1'])).toEqual([
      'intro',
      'key-takeaways',
      'key-takeaways-1',
      'key-takeaways-1-1',
    ]);
  });

  it('makes compact ids from names', () => {
    expect(slugify('Capitalization rate (cap rate)')).toBe('capitalization-rate-cap-rate');
    expect(slugify('FF&E')).toBe('ff-e');
    expect(glossaryTermAnchor('Café terrace')).toBe('term-cafe-terrace');
  });
});

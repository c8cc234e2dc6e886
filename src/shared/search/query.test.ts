import { describe, expect, it } from 'vitest';
import { isTooShort, searchPageHref } from './query';

describe('search query rules', () => {
  it('calls a term of single characters too short, a blank one not (it is no search)', () => {
    for (const q of ['a', ' b ', 'a b', '7', '%', '🙂']) expect(isTooShort(q)).toBe(true);
    for (const q of ['', '   ', 'TI', 'a TI', '💰💰', 'NNN']) expect(isTooShort(q)).toBe(false);
  });

  it('links the results page with the term encoded', () => {
    expect(searchPageHref(' cap rate & NOI ')).toBe('/search?q=cap%20rate%20%26%20NOI');
  });
});

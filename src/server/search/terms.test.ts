import { describe, expect, it } from 'vitest';
import { alternativesOf, normaliseQuery, normaliseTerm, phraseKey, synonymMap, termsOf } from './terms';

describe('search terms', () => {
  it('normalises case and accents, drops stop words and lone letters, keeps lone digits', () => {
    expect(normaliseTerm('Café')).toBe('cafe');
    expect(normaliseTerm('NNN')).toBe('nnn');
    expect(normaliseTerm('the')).toBeNull();
    expect(normaliseTerm('a')).toBeNull();
    expect(normaliseTerm('7')).toBe('7');
    expect(termsOf('What is a triple-net (NNN) lease?')).toEqual(['triple', 'net', 'nnn', 'lease']);
    expect(termsOf('100% "quoted" [a-z]+')).toEqual(['100', 'quoted']);
  });

  it('normalises a query for the search log: its words, lower case, without accents, stop words kept', () => {
    expect(normaliseQuery('  What is a Cap-Rate?  ')).toBe('what is a cap rate');
    expect(normaliseQuery('Café   NNN (triple net)')).toBe('cafe nnn triple net');
    expect(normaliseQuery('?!')).toBe('');
  });

  it('gives phrases that say the same words one key, plurals folded', () => {
    expect(phraseKey('Cap rates')).toBe(phraseKey('cap-rate'));
    expect(phraseKey('Tenant improvements')).toBe('tenant improvement');
    expect(phraseKey('Class')).toBe('class');
    expect(phraseKey('the a')).toBe('');
  });

  it('maps each phrase of a synonym set to the others, and rewrites a query with them', () => {
    const map = synonymMap([
      ['NNN', 'Triple net'],
      ['Triple net (NNN)', 'Triple net', 'NNN', 'Net lease'],
    ]);
    expect(map.get('nnn')).toEqual([
      ['triple', 'net'],
      ['triple', 'net', 'nnn'],
      ['net', 'lease'],
    ]);
    // Longest phrases first ("triple net" before "net lease"), at most four rewrites.
    expect(alternativesOf(['triple', 'net', 'lease'], map)).toEqual([
      ['triple', 'net', 'lease'],
      ['nnn', 'lease'],
      ['triple', 'net', 'nnn', 'lease'],
      ['net', 'lease', 'lease'],
      ['triple', 'triple', 'net', 'nnn'],
    ]);
    expect(alternativesOf(['tenant', 'improvement'], synonymMap([['TI', 'Tenant improvements']]))).toEqual([
      ['tenant', 'improvement'],
      ['ti'],
    ]);
    expect(alternativesOf(['budget'], map)).toEqual([['budget']]);
  });
});

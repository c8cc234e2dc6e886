// The glossary's names and synonyms as the search uses them, on the real content.
import { describe, expect, it } from 'vitest';
import { nameVariants, synonymSets } from './industry';

describe('glossary names and synonyms', () => {
  it('reads the names a term goes by from its parentheses', () => {
    expect(nameVariants('Capitalization rate (cap rate)')).toEqual(['Capitalization rate (cap rate)', 'Capitalization rate', 'cap rate']);
    expect(nameVariants('Speculative (spec) development')).toEqual([
      'Speculative (spec) development',
      'Speculative development',
      'spec',
      'spec development',
    ]);
    expect(nameVariants('Shell condition (cold, warm, white box)')).toContain('white box');
    expect(nameVariants('Net lease')).toEqual(['Net lease']);
  });

  it('pairs abbreviations with expansions, terms with aliases and the abbreviations that stand for them, not with related terms', async () => {
    const sets = await synonymSets();
    const setWith = (a: string, b: string) => sets.some((set) => set.includes(a) && set.includes(b));
    expect(setWith('NNN', 'Triple net')).toBe(true);
    expect(setWith('Triple net (NNN)', 'Net lease')).toBe(true);
    expect(setWith('TI', 'Tenant improvements')).toBe(true);
    expect(setWith('Tenant improvement allowance', 'TI')).toBe(true);
    expect(setWith('cap rate', 'Capitalization rate')).toBe(true);
    // Only related: a cap rate is not NOI, a CAM reconciliation is not CAM.
    expect(setWith('Capitalization rate (cap rate)', 'NOI')).toBe(false);
    expect(setWith('CAM reconciliation', 'CAM')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet';

const marked = (...terms: string[]) => new Set(terms);
const LONG = `${'Filler words before the match. '.repeat(8)}The tenant pays NNN charges on top of base rent. ${'More filler after the match. '.repeat(8)}`;

describe('snippetParts', () => {
  it('alternates plain text and matched words, plain first and last', () => {
    expect(snippetParts('Triple net (NNN) leases.', marked('nnn', 'triple'))).toEqual(['', 'Triple', ' net (', 'NNN', ') leases.']);
  });

  it('marks every occurrence, whatever its case or accents', () => {
    expect(snippetParts('Café or CAFE or cafe.', marked('cafe'))).toEqual(['', 'Café', ' or ', 'CAFE', ' or ', 'cafe', '.']);
  });

  it('cuts a window of about 160 characters around the match, at word boundaries, with ellipses', () => {
    const parts = snippetParts(LONG, marked('nnn'));
    const text = parts.join('');
    expect(parts[1]).toBe('NNN');
    expect(text.startsWith('… ')).toBe(true);
    expect(text.endsWith(' …')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(160 + 4);
    expect(parts[0]!.length).toBeGreaterThan(20); // some context before the match
    expect(LONG).toContain(` ${text.slice(2, 30)}`); // starts on a whole word
  });

  it('prefers the window with the most different matched words', () => {
    const text = `NNN once here. ${'Filler words in between. '.repeat(10)}Here NNN and CAM together.`;
    const parts = snippetParts(text, marked('nnn', 'cam'));
    expect(parts.filter((_, i) => i % 2 === 1)).toEqual(['NNN', 'CAM']);
  });

  it('shows the start of the text, unmarked, when the match was elsewhere (a title)', () => {
    expect(snippetParts(LONG, marked('zzz'))).toEqual([`${LONG.slice(0, 155).slice(0, LONG.slice(0, 160).lastIndexOf(' '))} …`]);
    expect(snippetParts('Short text.', marked())).toEqual(['Short text.']);
  });

  it('takes the text literally: no pattern syntax', () => {
    expect(snippetParts('Costs rise 100% (.*) [a-z]+ here.', marked('100'))).toEqual(['Costs rise ', '100', '% (.*) [a-z]+ here.']);
  });
});

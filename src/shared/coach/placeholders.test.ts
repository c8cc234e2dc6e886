import { describe, expect, test } from 'vitest';
import { loadSituations } from '~tests/support/sales-situations';
import { playParts } from './placeholders';

describe('playParts', () => {
  test('cuts a play into plain text and [placeholders], in order, brackets kept', () => {
    expect(playParts('When we spoke about [the project they mentioned], you said [their goal].')).toEqual([
      { text: 'When we spoke about ', placeholder: false },
      { text: '[the project they mentioned]', placeholder: true },
      { text: ', you said ', placeholder: false },
      { text: '[their goal]', placeholder: true },
      { text: '.', placeholder: false },
    ]);
  });

  test('text without brackets is one plain part; an unclosed or empty bracket is plain text', () => {
    expect(playParts('No placeholder here.')).toEqual([{ text: 'No placeholder here.', placeholder: false }]);
    expect(playParts('An [unclosed one')).toEqual([{ text: 'An [unclosed one', placeholder: false }]);
    expect(playParts('Empty [] stays')).toEqual([{ text: 'Empty [] stays', placeholder: false }]);
  });

  test('joining the parts gives the play back, for every play of the content', () => {
    for (const situation of loadSituations()) {
      for (const play of situation.plays)
        expect(
          playParts(play.play)
            .map((part) => part.text)
            .join(''),
        ).toBe(play.play);
    }
  });
});

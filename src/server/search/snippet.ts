// A short passage of a place's text around the words a search matched, those words marked.

import { normaliseTerm, WORD } from './terms';

/** About this many characters of text around the match. */
const SNIPPET_LENGTH = 160;

/** Where the window may start before the first match, so the match has some context on its left. */
const LEAD = 40;

interface Occurrence {
  start: number;
  end: number;
  term: string;
}

/** A text cut into words once (the index does it when it is built), so a snippet is a lookup per word. */
export interface WordedText {
  /** The text on one line, white space collapsed. */
  flat: string;
  words: Occurrence[];
}

export function wordedText(text: string): WordedText {
  const flat = text.replace(/\s+/g, ' ').trim();
  const words: Occurrence[] = [];
  for (const match of flat.matchAll(WORD)) {
    const term = normaliseTerm(match[0]);
    if (term !== null) words.push({ start: match.index, end: match.index + match[0].length, term });
  }
  return { flat, words };
}

/** The window start that shows the most different marked words (the earliest of equals). */
function bestStart(found: readonly Occurrence[], length: number): number {
  let best = { start: 0, distinct: 0 };
  for (const occurrence of found) {
    const start = Math.max(0, occurrence.start - LEAD);
    const distinct = new Set(found.filter((o) => o.start >= start && o.end <= start + length).map((o) => o.term)).size;
    if (distinct > best.distinct) best = { start, distinct };
  }
  return best.start;
}

/**
 * The snippet as parts that alternate plain text and a marked word: [plain, marked, plain, …, plain]
 * (even indexes plain, odd indexes marked; the first and last are plain, possibly empty). "…" shows
 * where the text was cut. `marked` holds normalised terms (normaliseTerm). No match: the text's start.
 */
export function snippetParts(text: string | WordedText, marked: ReadonlySet<string>, length = SNIPPET_LENGTH): string[] {
  const { flat, words } = typeof text === 'string' ? wordedText(text) : text;
  const found = words.filter((word) => marked.has(word.term));
  let start = bestStart(found, length);
  if (start > 0) start = flat.lastIndexOf(' ', start) + 1; // do not cut the first word
  let end = Math.min(flat.length, start + length);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start + length / 2) end = space;
  }
  const parts = [start > 0 ? '… ' : ''];
  let at = start;
  for (const occurrence of found) {
    if (occurrence.start < at || occurrence.end > end) continue;
    parts[parts.length - 1] += flat.slice(at, occurrence.start);
    parts.push(flat.slice(occurrence.start, occurrence.end), '');
    at = occurrence.end;
  }
  parts[parts.length - 1] += flat.slice(at, end) + (end < flat.length ? ' …' : '');
  return parts;
}

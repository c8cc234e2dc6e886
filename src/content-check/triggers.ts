/**
 * A fact's triggers as matchers (src/schemas/facts.ts): "HubSpot + two-way" matches a sentence that has
 * both terms. Terms match whole words, case ignored, except a term written in capitals ("AI", "SSO"),
 * which is an acronym and matches only in capitals, so "ai" inside another word or language never
 * counts; `sync*` matches any ending; a hyphen or space in a term matches either.
 */

/** A compiled trigger: every term must be found in the sentence. */
export interface Trigger {
  /** As written in the fact. */
  text: string;
  terms: RegExp[];
  /** Every word of every term in lower case, without a `*`: a sentence lacking one cannot match, and is ruled out
   * without running the terms' patterns (the check tries every trigger on every sentence of the content). */
  words: string[];
}

const WORD = String.raw`[\p{L}\p{N}]`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Any ending of a word a `*` stands for. */
const ENDING = String.raw`[\p{L}\p{N}'’-]*`;

function termPattern(term: string): RegExp {
  const words = term.trim().split(/[\s-]+/);
  const body = words.map((word) => (word.endsWith('*') ? `${escape(word.slice(0, -1))}${ENDING}` : escape(word))).join(String.raw`[\s-]+`);
  const letters = words.join(' ').replace(/\*/g, '');
  const acronym = /^[A-Z0-9][A-Z0-9 /&.-]*[A-Z]$/.test(letters) && /[A-Z]{2}/.test(letters);
  return new RegExp(String.raw`(?<!${WORD})${body}(?!${WORD})`, acronym ? 'u' : 'iu');
}

/** A term's words in lower case, without a `*`. */
const literalWords = (term: string) =>
  term
    .toLowerCase()
    .replace(/\*/g, '')
    .split(/[\s-]+/);

/** The trigger as matchers; null when it cannot be compiled (the fact's schema already names it). */
export function compileTrigger(text: string): Trigger | null {
  try {
    const terms = text.split(' + ').map((term) => term.trim());
    const words = terms.flatMap(literalWords).filter(Boolean);
    return { text, terms: terms.map(termPattern), words };
  } catch {
    return null;
  }
}

/** Whether the sentence has every term; `lowered` is the sentence in lower case, for a caller trying many triggers. */
export const matches = (trigger: Trigger, sentence: string, lowered = sentence.toLowerCase()): boolean =>
  trigger.words.every((word) => lowered.includes(word)) && trigger.terms.every((term) => term.test(sentence));

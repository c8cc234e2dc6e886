// How text becomes search terms: the same normalisation for the index, the query, the exact
// names, the synonyms and the snippet marks, so they all agree on what a "word" is.

/** Frequent English words that would match nearly everything. */
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from has have how i in is it its of on or our that the their them they this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);

/** A word as MiniSearch's default tokenizer cuts text: a run of anything but spaces and punctuation. */
export const WORD = /[^\n\r\p{Z}\p{P}]+/gu;

const NON_ASCII = /[^ -~]/; // anything but printable ASCII

/** Lower case, accents removed: "Café" → "cafe". */
function folded(term: string): string {
  // Plain ASCII (nearly every word) needs no Unicode decomposition: the fast path keeps snippets cheap.
  return NON_ASCII.test(term) ? term.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase() : term.toLowerCase();
}

/** Lower case, accents removed ("Café" finds "cafe"), stop words and lone letters dropped (lone digits kept). */
export function normaliseTerm(term: string): string | null {
  const normalised = folded(term);
  if (STOP_WORDS.has(normalised)) return null;
  if ((normalised.length < 2 || [...normalised].length < 2) && !/\d/.test(normalised)) return null;
  return normalised;
}

/**
 * A query as the search log keeps it: its words, lower case and without accents, one space apart — stop
 * words kept, so it reads as typed ("What is a Cap-Rate?" → "what is a cap rate").
 */
export function normaliseQuery(q: string): string {
  return (q.match(WORD) ?? []).map(folded).join(' ');
}

/** The searchable words of a text, normalised, in order. */
export function termsOf(text: string): string[] {
  return (text.match(WORD) ?? []).flatMap((word) => normaliseTerm(word) ?? []);
}

/** A plural folded to its singular for comparing phrases: "improvements" → "improvement", "class" stays. */
const singular = (term: string) => (term.length > 3 && term.endsWith('s') && !term.endsWith('ss') ? term.slice(0, -1) : term);

/** The key two phrases share when they say the same words: "Cap rates" and "cap-rate" → "cap rate". */
export function phraseKey(text: string): string {
  return termsOf(text).map(singular).join(' ');
}

/**
 * Synonyms by phrase key: each phrase of a set maps to the terms of every other phrase of the set.
 * A phrase in several sets ("NNN": the abbreviation, the lease type) collects all their phrases.
 */
export function synonymMap(sets: readonly string[][]): Map<string, string[][]> {
  const map = new Map<string, string[][]>();
  for (const set of sets) {
    const phrases = set.map((phrase) => ({ key: phraseKey(phrase), terms: termsOf(phrase) })).filter((phrase) => phrase.key !== '');
    for (const phrase of phrases) {
      const others = map.get(phrase.key) ?? [];
      for (const other of phrases) {
        if (other.key !== phrase.key && !others.some((terms) => terms.join(' ') === other.terms.join(' '))) others.push(other.terms);
      }
      map.set(phrase.key, others);
    }
  }
  return map;
}

/** At most this many rewritten queries per search: the first synonyms found are the closest. */
const MAX_ALTERNATIVES = 4;

/**
 * The query's terms, then the same query with a phrase replaced by each of its synonyms ("triple net
 * lease" → "nnn lease", "net lease lease"…). Longer phrases are tried first.
 */
export function alternativesOf(terms: readonly string[], synonyms: ReadonlyMap<string, string[][]>): string[][] {
  const alternatives: string[][] = [[...terms]];
  const seen = new Set([terms.join(' ')]);
  for (let length = terms.length; length >= 1; length--) {
    for (let start = 0; start + length <= terms.length; start++) {
      const key = terms
        .slice(start, start + length)
        .map(singular)
        .join(' ');
      for (const replacement of synonyms.get(key) ?? []) {
        const rewritten = [...terms.slice(0, start), ...replacement, ...terms.slice(start + length)];
        const text = rewritten.join(' ');
        if (seen.has(text)) continue;
        seen.add(text);
        alternatives.push(rewritten);
        if (alternatives.length > MAX_ALTERNATIVES) return alternatives;
      }
    }
  }
  return alternatives;
}

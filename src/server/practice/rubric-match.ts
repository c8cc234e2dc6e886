/**
 * The rubric matcher of typed practice answers (docs/product.md "Practice"): for each rubric item, whether any of its
 * phrases shows in the answer, and the answer's own words that showed it. Phrases match as the scenario schema promises
 * (src/schemas/practice.ts): on word stems, case and punctuation ignored, every word in order within a few words. It is
 * a hint for the rep and the reviewer, never the verdict: a person marks every item.
 *
 * Both sides go through the same wink-nlp tokenizer, so a phrase and an answer split words (contractions, hyphens,
 * "20min") the same way.
 */
import winkNLP, { type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { PracticeFeedback } from '~/shared/api/practice';

export interface RubricItemToMatch {
  id: string;
  phrases?: readonly string[] | undefined;
}

/** Extra answer words allowed between two consecutive words of a phrase. */
const PHRASE_GAP = 2;
/** Most evidence snippets shown per item. */
const EVIDENCE_MAX = 3;
/** Words of at least this many letters tolerate one typo (a letter added, dropped, changed or two swapped). */
const FUZZY_MIN_LETTERS = 5;

/** Whitespace runs and punctuation are not words: a phrase matches across them. */
const SKIPPED_TYPES = new Set(['punctuation', 'tabCRLF']);

interface Word {
  stem: string;
  /** wink's normal form: lower case, contractions expanded ('ll → will), British spellings made American. */
  normal: string;
  /** Whether the word is long enough to tolerate a typo (letters only: numbers and times never fuzzy-match). */
  fuzzy: boolean;
}

interface AnswerWord extends Word {
  start: number;
  end: number;
}

interface CompiledItem {
  id: string;
  phrases: Word[][];
}

// Building the pipeline reads the whole model; done on first use, not when a route merely imports this module.
let nlp: WinkMethods | undefined;

function words(text: string): AnswerWord[] {
  nlp ??= winkNLP(model, []);
  const its = nlp.its;
  const tokens = nlp.readDoc(text).tokens();
  const values = tokens.out(its.value);
  const types = tokens.out(its.type);
  // wink's typings declare its.stem with a signature out() does not accept; at run time it is a token helper like the others.
  const stems = tokens.out(its.stem as ItsFunction<string>);
  const normals = tokens.out(its.normal);
  const spaces = tokens.out(its.precedingSpaces);
  const result: AnswerWord[] = [];
  // wink's tokens are lossless: preceding spaces and values, in order, rebuild the text, which gives each word's offsets.
  let offset = 0;
  values.forEach((value, index) => {
    const start = offset + spaces[index]!.length;
    offset = start + value.length;
    if (SKIPPED_TYPES.has(types[index]!)) return;
    const normal = apostrophes(normals[index]!);
    const letters = normal.match(/\p{L}/gu)?.length ?? 0;
    result.push({ stem: apostrophes(stems[index]!), normal, fuzzy: letters >= FUZZY_MIN_LETTERS, start, end: offset });
  });
  return result;
}

/** Curly and straight apostrophes are the same letter to the reader ("I’ll" and "I'll"). */
const apostrophes = (text: string) => text.replace(/[‘’]/g, "'");

// Phrases are stemmed once per rubric: the route passes the same scenario object for every attempt.
const compiled = new WeakMap<readonly RubricItemToMatch[], CompiledItem[]>();

function compile(rubric: readonly RubricItemToMatch[]): CompiledItem[] {
  let items = compiled.get(rubric);
  if (!items) {
    items = rubric.map((item) => ({
      id: item.id,
      phrases: (item.phrases ?? [])
        .map((phrase) => words(phrase).map(({ stem, normal, fuzzy }) => ({ stem, normal, fuzzy })))
        .filter((phrase) => phrase.length > 0),
    }));
    compiled.set(rubric, items);
  }
  return items;
}

function sameWord(answer: Word, phrase: Word): boolean {
  if (answer.stem === phrase.stem || answer.normal === phrase.normal) return true;
  if (!answer.fuzzy || !phrase.fuzzy) return false;
  if (withinOneEdit(answer.normal, phrase.normal)) return true;
  // Stems catch a typo in an inflected word ("recieved" for "receive"), but a short stem is too close to others ("cost", "host").
  const longStems = answer.stem.length >= FUZZY_MIN_LETTERS && phrase.stem.length >= FUZZY_MIN_LETTERS;
  return longStems && withinOneEdit(answer.stem, phrase.stem);
}

/**
 * Whether a and b differ by at most one edit of Damerau-Levenshtein: a letter inserted, deleted or substituted, or two
 * adjacent letters swapped ("recieve", "minuets"). Walks the common prefix, then compares what is left of each side.
 */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // one substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // one swap
  }
  // One letter more on the longer side.
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

interface Span {
  start: number;
  end: number;
}

/**
 * Every place in the answer where the phrase matches, as character ranges. Row by row over the phrase's words, `row[i]`
 * is the latest answer index where the phrase can start so that its words so far end at answer word i (-1: they cannot).
 * Keeping every way through the gaps, not only the first fit, finds "a b c" in "a b x b c"; linear in the answer's length
 * whatever the phrase.
 */
function phraseSpans(answer: readonly AnswerWord[], phrase: readonly Word[]): Span[] {
  let row = answer.map((word, index) => (sameWord(word, phrase[0]!) ? index : -1));
  for (let w = 1; w < phrase.length; w++) {
    const previous = row;
    row = answer.map((word, index) => {
      let start = -1;
      for (let before = Math.max(0, index - 1 - PHRASE_GAP); before < index; before++) start = Math.max(start, previous[before]!);
      return start >= 0 && sameWord(word, phrase[w]!) ? start : -1;
    });
  }
  // One occurrence per start: the nearest end ("want a say", not "want a say, say").
  const starts = new Set<number>();
  return row.flatMap((start, end) => {
    if (start < 0 || starts.has(start)) return [];
    starts.add(start);
    return [{ start: answer[start]!.start, end: answer[end]!.end }];
  });
}

/**
 * What the rep sees as evidence: the matched words as written, in the answer's order, at most EVIDENCE_MAX. A match
 * inside a longer one ("patchwork" in "whole patchwork") and a repeat of the same words add nothing.
 */
function evidence(text: string, found: Span[]): string[] {
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: string[] = [];
  const seen = new Set<string>();
  let reach = -1;
  for (const span of found) {
    if (span.end <= reach) continue;
    reach = span.end;
    const words = text.slice(span.start, span.end);
    const key = words.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(words);
    if (kept.length === EVIDENCE_MAX) break;
  }
  return kept;
}

/**
 * One line per rubric item, in rubric order. Items without phrases come back found: false with no evidence: only a person
 * judges them, and the page marks them so.
 */
export function matchRubric(answer: string, rubric: readonly RubricItemToMatch[]): PracticeFeedback[] {
  const items = compile(rubric);
  const answerWords = answer.trim() === '' ? [] : words(answer);
  return items.map((item) => {
    const shown = evidence(
      answer,
      item.phrases.flatMap((phrase) => phraseSpans(answerWords, phrase)),
    );
    return { itemId: item.id, found: shown.length > 0, evidence: shown };
  });
}

/**
 * Keyword matching of the Sales Situations Coach (docs/product.md "Sales Situations Coach (/sales-situations)"), pure and client-side (the
 * coach makes no call).
 *
 * Rules, as implemented:
 * 1. Blank input (empty or whitespace only) matches nothing: `matchSituation` returns null.
 * 2. Text and keywords are normalised the same way: Unicode NFKD with accents removed, lower case,
 *    apostrophes removed ("can't" → "cant"), every other character that is not a letter or digit
 *    becomes a space ("decision-maker" → "decision maker"), runs of spaces collapse.
 * 3. Whole words only: a keyword matches when its words appear consecutively in the text as whole words.
 *    "price" does not match inside "priceless" or "prices" (content lists the word forms it wants), and
 *    "decision maker" does not match "decision-making process".
 * 4. Each matched keyword scores its word count once (a three-word phrase scores 3), however often it
 *    occurs; keywords that normalise to the same words count once per situation. A situation's score is
 *    the sum over its matched keywords.
 * 5. The highest score wins; on a tie the situation that comes first (content order) is kept.
 * 6. No keyword matched: business impact discovery if the normalised text contains 'help', 'solve' or
 *    'problem' (as the spec says, "includes": "problems" and "helpful" count too), otherwise
 *    re-qualifying.
 * The result says why: the matched keywords and score, or which fallback applied.
 */

/** What the matcher needs from a situation. */
export interface SituationKeywords {
  id: string;
  keywords: readonly string[];
}

/** Ids of the fallback situations, the ids of content/sales-situations/. */
export const FALLBACK_SITUATIONS = {
  /** When the text includes one of FALLBACK_PROBLEM_TERMS. */
  problem: 'business-impact-discovery',
  /** Otherwise. */
  default: 're-qualifying',
} as const;

/** Terms that send an unmatched request to business impact discovery (substring match). */
const FALLBACK_PROBLEM_TERMS = ['help', 'solve', 'problem'] as const;

interface KeywordMatch {
  /** The situation chosen. */
  situationId: string;
  reason: 'keywords';
  /** The situation's keywords found in the text, as authored, in content order. */
  matchedKeywords: string[];
  /** Sum of the word counts of the matched keywords. */
  score: number;
}

interface FallbackMatch {
  situationId: string;
  reason: 'fallback';
  /** The problem term found in the text ('help' | 'solve' | 'problem'), or null for the default fallback. */
  trigger: (typeof FALLBACK_PROBLEM_TERMS)[number] | null;
}

export type CoachMatch = KeywordMatch | FallbackMatch;

/** Normalises text for matching (rule 2): lower-case words separated by single spaces, no punctuation. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words of a normalised keyword; empty when it has no letter or digit. */
function words(keyword: string): string[] {
  const normal = normalise(keyword);
  return normal === '' ? [] : normal.split(' ');
}

/** Picks the situation for a typed request (rules above), or null for blank input. */
export function matchSituation(
  request: string,
  situations: readonly SituationKeywords[],
  fallbacks: { problem: string; default: string } = FALLBACK_SITUATIONS,
): CoachMatch | null {
  if (request.trim() === '') return null;
  // Padding with spaces turns "whole words in sequence" into a plain substring test.
  const text = normalise(request);
  const padded = ` ${text} `;

  let best: KeywordMatch | null = null;
  for (const situation of situations) {
    const seen = new Set<string>();
    const matchedKeywords: string[] = [];
    let score = 0;
    for (const keyword of situation.keywords) {
      const kw = words(keyword);
      const key = kw.join(' ');
      if (kw.length === 0 || seen.has(key)) continue;
      seen.add(key);
      if (padded.includes(` ${key} `)) {
        matchedKeywords.push(keyword);
        score += kw.length;
      }
    }
    if (score > 0 && (best === null || score > best.score)) {
      best = { situationId: situation.id, reason: 'keywords', matchedKeywords, score };
    }
  }
  if (best) return best;

  const trigger = FALLBACK_PROBLEM_TERMS.find((term) => text.includes(term)) ?? null;
  return { situationId: trigger ? fallbacks.problem : fallbacks.default, reason: 'fallback', trigger };
}

/** Play buttons show the first 80 characters of a play (an ellipsis marks the cut). */
const PLAY_PREVIEW_LENGTH = 80;

export function playPreview(play: string): string {
  const chars = Array.from(play);
  return chars.length > PLAY_PREVIEW_LENGTH ? `${chars.slice(0, PLAY_PREVIEW_LENGTH).join('')}…` : play;
}

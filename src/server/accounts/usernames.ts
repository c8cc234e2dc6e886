// Usernames as the server compares them: one normal form, and a confusable "skeleton" so that an address
// that only looks like the administrator's (Cyrillic а, Greek α, fullwidth letters, rn for m, 0 for o) is
// refused (docs/decisions.md "Identities"). Server-only: the confusables table stays out of island bundles.
import { remove as replaceConfusables } from 'confusables';

/** The form every username is stored and looked up in: NFKC, trimmed, lower-case. */
export const normalizeUsername = (username: string): string => username.normalize('NFKC').trim().toLowerCase();

/**
 * Look-alike sequences that survive per-character folding, on lower-case text: each folds to one form.
 * (The `confusables` package maps single characters of other scripts to Latin; these are Latin among
 * themselves, as in Unicode's UTS #39 skeletons: m → rn, w → vv, 0 → o; 1, | and i → l, which in many
 * fonts differ by a dot at most.)
 */
const LATIN_LOOKALIKES: ReadonlyArray<readonly [RegExp, string]> = [
  [/m/g, 'rn'],
  [/w/g, 'vv'],
  [/0/g, 'o'],
  [/[1|i]/g, 'l'],
];

/**
 * The confusable skeleton of a username: NFKC, marks and invisible characters dropped, every character of
 * another script that looks like a Latin one replaced by it, lower-cased, and Latin look-alike sequences
 * folded. Two usernames with the same skeleton look the same to a reader.
 */
export function usernameSkeleton(username: string): string {
  const folded = replaceConfusables(username.normalize('NFKD').normalize('NFKC')).normalize('NFKD').replace(/\p{M}/gu, '');
  let skeleton = folded.normalize('NFKC').toLowerCase().trim();
  for (const [pattern, replacement] of LATIN_LOOKALIKES) skeleton = skeleton.replace(pattern, replacement);
  return skeleton;
}

/** True when a username looks like `reserved` (or is it, in another normal form: fullwidth letters, other case). */
export function looksLike(username: string, reserved: string): boolean {
  return usernameSkeleton(username) === usernameSkeleton(reserved);
}

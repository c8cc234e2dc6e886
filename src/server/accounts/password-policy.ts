/**
 * What a new password must be, on every path that sets one (registration, a person's own change, the CLI):
 * at least 12 characters (15 for an administrator), and not easy to guess — not common, not built from the
 * username, the person's name or the company's name. Checked offline by zxcvbn (its common passwords and
 * words), with the reason in the message. What people are told of it is in ~/shared/api/password-rule.ts.
 */
import { ZxcvbnFactory, type MatchExtended } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { MIN_ADMIN_PASSWORD, MIN_PASSWORD } from '~/shared/api/password-rule';

/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
const MIN_SCORE = 3;
const COMPANY = ['parcelwise', 'parcel', 'learning hub', 'learninghub'];

let checker: ZxcvbnFactory | null = null;
const zxcvbn = () => (checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/** The words a guesser tries first for this person: their address, its parts, their name, the company. */
function personalWords(username: string, name: string): string[] {
  const local = username.split('@')[0] ?? '';
  return [username, local, ...local.split(/[._+-]/), name, ...name.split(/\s+/), ...COMPANY].filter((word) => word.length >= 3);
}

/** "Built from": how much of the password the person's and the company's words cover, 0–1. */
function personalShare(password: string, words: readonly string[]): number {
  const lower = password.toLowerCase();
  const covered = new Array<boolean>(lower.length).fill(false);
  for (const word of words) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) covered.fill(true, at, at + word.length);
  }
  return covered.filter(Boolean).length / lower.length;
}

/** How much of the password the matches from these dictionaries cover, 0–1. */
function share(password: string, sequence: readonly MatchExtended[], names: readonly string[]): number {
  const covered = sequence
    .filter((match) => match.pattern === 'dictionary' && names.includes(match.dictionaryName))
    .reduce((sum, match) => sum + match.token.length, 0);
  return covered / password.length;
}

/** Why the password is refused (a message naming the field), or null when it is good enough. */
export function passwordProblem(password: string, person: { username: string; name: string; admin: boolean }): string | null {
  const min = person.admin ? MIN_ADMIN_PASSWORD : MIN_PASSWORD;
  if ([...password].length < min) return `password: must be at least ${min} characters${person.admin ? ' for an administrator' : ''}`;
  const words = personalWords(person.username.toLowerCase(), person.name.toLowerCase());
  const { score, sequence } = zxcvbn().check(password, words);
  if (personalShare(password, words) >= 0.5) return "password: is built from your name, your username or the company's name";
  if (
    share(password, sequence, ['passwords']) >= 0.5 ||
    (score < MIN_SCORE && share(password, sequence, ['passwords', 'commonWords']) > 0)
  ) {
    return 'password: is a common password or built from common words; add words of your own';
  }
  if (score < MIN_SCORE) return 'password: is too easy to guess; make it longer or less predictable';
  return null;
}

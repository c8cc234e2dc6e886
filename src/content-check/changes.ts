/**
 * The content a branch changed against its base, from git, for the "Changed in this preview" page
 * (/changes): each added, changed, renamed or removed file under content/ with the entries it holds now,
 * each with the page that shows it. Computed where the build runs (a deploy preview, CI, a laptop),
 * including changes not committed yet. The base is PREVIEW_BASE, else the pull request's base branch
 * (GITHUB_BASE_REF on GitHub), else main; without git or a base the page says why.
 */
import { execFileSync } from 'node:child_process';
import { readContent } from './read';

type ChangeKind = 'added' | 'changed' | 'renamed' | 'removed';

interface ChangedEntry {
  noun: string;
  title: string;
  href: string;
}

export interface ChangedFile {
  file: string;
  kind: ChangeKind;
  /** The file's path before a rename. */
  from?: string;
  entries: ChangedEntry[];
}

export type ContentChanges = { base: string; files: ChangedFile[] } | { base: null; reason: string };

const git = (root: string, args: string[]): string =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** The first base ref this checkout has, in order of preference. */
function baseRef(root: string, env: NodeJS.ProcessEnv): string | null {
  const named = env['PREVIEW_BASE'] ?? env['GITHUB_BASE_REF'];
  const candidates = named ? [named, `origin/${named}`] : ['main', 'origin/main'];
  for (const candidate of candidates) {
    try {
      git(root, ['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`]);
      return candidate;
    } catch {
      // not in this checkout: try the next
    }
  }
  return null;
}

const KINDS: Record<string, ChangeKind> = { A: 'added', M: 'changed', T: 'changed', R: 'renamed', C: 'added', D: 'removed' };

/** The `git diff --name-status` lines as changes (renames with their old path). */
export function parseNameStatus(output: string): Array<Omit<ChangedFile, 'entries'>> {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line): Array<Omit<ChangedFile, 'entries'>> => {
      const [status = '', first = '', second] = line.split('\t');
      const kind = KINDS[status[0] ?? ''];
      if (!kind) return [];
      return kind === 'renamed' && second ? [{ file: second, kind, from: first }] : [{ file: first, kind }];
    });
}

/** The new-side line numbers a `git diff -U0` touches (a removal counts as the line after it). */
export function changedLines(diff: string): Set<number> {
  const lines = new Set<number>();
  for (const [, start = '0', count = '1'] of diff.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
    const first = Number(start);
    const length = Number(count);
    if (length === 0) lines.add(first + 1);
    for (let line = first; line < first + length; line += 1) lines.add(line);
  }
  return lines;
}

/** Of a file's entries, those whose lines hold a change (every entry of a file that holds one, or is new). */
function touched<T extends { lineOf: (path: readonly PropertyKey[]) => number | null }>(all: T[], lines: Set<number> | null): T[] {
  if (all.length <= 1 || lines === null) return all;
  const starts = all.map((entry) => entry.lineOf([]) ?? 0);
  return all.filter((_, index) => {
    const from = starts[index]!;
    const to = (starts[index + 1] ?? Number.POSITIVE_INFINITY) - 1;
    return [...lines].some((line) => line >= from && line <= to);
  });
}

/** What the branch changed under content/ against its base, with the entries of each file as they are now. */
export function contentChanges(root: string, env: NodeJS.ProcessEnv = process.env): ContentChanges {
  let base: string | null;
  let changes: Array<Omit<ChangedFile, 'entries'>>;
  let since: string;
  try {
    base = baseRef(root, env);
    if (!base) return { base: null, reason: 'The base branch is not in this checkout, so nothing can be compared.' };
    since = git(root, ['merge-base', base, 'HEAD']);
    changes = parseNameStatus(git(root, ['diff', '--name-status', '-M', since, '--', 'content/']));
    const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '--', 'content/']);
    for (const file of untracked.split('\n').filter(Boolean)) changes.push({ file, kind: 'added' });
  } catch {
    return { base: null, reason: 'This build did not run in a git checkout, so nothing can be compared.' };
  }
  const entries = readContent(root).entries;
  const linesOf = (change: Omit<ChangedFile, 'entries'>): Set<number> | null => {
    if (change.kind !== 'changed') return null;
    try {
      return changedLines(git(root, ['diff', '-U0', since, '--', change.file]));
    } catch {
      return null;
    }
  };
  const files = changes
    .filter((change) => change.file !== 'content/README.md')
    .map((change) => ({
      ...change,
      entries: touched(
        entries.filter((entry) => entry.file === change.file),
        entries.filter((entry) => entry.file === change.file).length > 1 ? linesOf(change) : null,
      ).map((entry) => ({
        noun: entry.source.noun,
        title: entry.source.titleOf(entry.data, entry.id),
        href: entry.source.hrefOf(entry.data, entry.id),
      })),
    }))
    .sort((a, b) => a.file.localeCompare(b.file));
  return { base, files };
}

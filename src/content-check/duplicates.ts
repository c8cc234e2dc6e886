/**
 * Two entries that claim the same id, or two lessons (or modules) that claim the same place. Ids are
 * never changed once merged (learners' progress is stored by id), so the problem is reported at the NEW
 * file — the one git has not seen yet, or added last — with the next free id; an `order` twice would
 * otherwise re-sort the learning path silently.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describePath } from './describe';
import type { Problem } from './problems';
import type { RawEntry } from './read';

/**
 * When a file came into the content, to tell the new one of two: a file git has not committed counts as
 * newest; otherwise the time of the commit that added it; outside a git checkout, its modification time.
 */
function addedAt(root: string, file: string): number {
  try {
    const committed = execFileSync('git', ['log', '-1', '--diff-filter=A', '--format=%ct', '--', file], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return committed === '' ? Number.POSITIVE_INFINITY : Number(committed) * 1000;
  } catch {
    try {
      return statSync(join(root, file)).mtimeMs;
    } catch {
      return 0;
    }
  }
}

const title = (entry: RawEntry) => `${entry.source.noun} '${entry.source.titleOf(entry.data, entry.id)}'`;
/** Where the other entry is: its file, or its line when it is in the same file. */
const placeOf = (other: RawEntry, entry: RawEntry) =>
  other.file === entry.file ? `line ${String(other.lineOf(['id']))} of this file` : other.file;
const numeric = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** Entries by a key, each group of two or more ordered oldest first (in one file, by position). */
function clashes(root: string, entries: readonly RawEntry[], keyOf: (entry: RawEntry) => string | null): RawEntry[][] {
  const groups = new Map<string, RawEntry[]>();
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const added = new Map<string, number>();
  const time = (entry: RawEntry) => {
    if (!added.has(entry.file)) added.set(entry.file, addedAt(root, entry.file));
    return added.get(entry.file)!;
  };
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => group.map((entry, index) => ({ entry, index })).sort((a, b) => time(a.entry) - time(b.entry) || a.index - b.index))
    .map((group) => group.map(({ entry }) => entry));
}

/** The id a new entry of the collection should take: the next lesson number of its module, or the next number. */
function nextFreeId(entry: RawEntry, all: readonly RawEntry[]): string | null {
  const siblings = all.filter((other) => other.source.collection === entry.source.collection && numeric(other.data['id']));
  if (siblings.length === 0 || !numeric(entry.data['id'])) return null;
  if (entry.source.collection === 'lessons' && numeric(entry.data['moduleId'])) {
    const moduleId = entry.data['moduleId'];
    const inModule = siblings.map((other) => other.data['id'] as number).filter((id) => Math.floor(id / 100) === moduleId);
    return String(Math.max(moduleId * 100, ...inModule) + 1);
  }
  return String(Math.max(...siblings.map((other) => other.data['id'] as number)) + 1);
}

function duplicateIds(root: string, entries: readonly RawEntry[]): Problem[] {
  const authored = (entry: RawEntry) => {
    const id = entry.data['id'];
    return typeof id === 'number' || typeof id === 'string' ? `${entry.source.collection}\u0000${String(id)}` : null;
  };
  const problems: Problem[] = [];
  for (const group of clashes(root, entries, authored)) {
    const [first, ...later] = group;
    for (const entry of later) {
      const next = nextFreeId(entry, entries);
      problems.push({
        file: entry.file,
        line: entry.lineOf(['id']),
        where: describePath(entry, ['id']),
        message: `is ${String(entry.data['id'])}, which ${title(first!)} (${placeOf(first!, entry)}) already has`,
        fix: `Ids never change once merged (learners' progress is stored by id): keep the id of the existing ${entry.source.noun} and give this new one ${next ? `the next free id, ${next}` : 'an id no other has'}.`,
      });
    }
  }
  return problems;
}

function duplicateOrders(root: string, entries: readonly RawEntry[]): Problem[] {
  const place = (collection: string, group: (entry: RawEntry) => string) => (entry: RawEntry) =>
    entry.source.collection === collection && numeric(entry.data['order']) ? `${group(entry)}\u0000${String(entry.data['order'])}` : null;
  const lessons = entries.filter((entry) => entry.source.collection === 'lessons');
  /** The gaps of the module's places, then the place after its last lesson. */
  const freePlaces = (moduleId: unknown) => {
    const taken = lessons.filter((lesson) => lesson.data['moduleId'] === moduleId).map((lesson) => Number(lesson.data['order']));
    const last = Math.max(0, ...taken);
    return [...Array.from({ length: last }, (_, index) => index + 1).filter((order) => !taken.includes(order)), last + 1];
  };
  const problems: Problem[] = [];
  for (const group of [
    ...clashes(
      root,
      entries,
      place('lessons', (entry) => String(entry.data['moduleId'])),
    ),
    ...clashes(
      root,
      entries,
      place('modules', () => 'path'),
    ),
  ]) {
    const [first, ...later] = group;
    for (const entry of later) {
      const inModule = entry.source.collection === 'lessons' ? ` of module ${String(entry.data['moduleId'])}` : '';
      const free = entry.source.collection === 'lessons' ? freePlaces(entry.data['moduleId']) : [];
      problems.push({
        file: entry.file,
        line: entry.lineOf(['order']),
        where: describePath(entry, ['order']),
        message: `is ${String(entry.data['order'])}, the place of ${title(first!)} (${placeOf(first!, entry)})${inModule}: two cannot share a place`,
        fix: `Give it a free place${free.length > 0 ? ` (${free.join(', ')})` : ''}, or, to insert it there, raise the \`order\` of ${title(first!)} and of those after it by one (ids stay as they are).`,
      });
    }
  }
  return problems;
}

/** Every id two entries share and every place two lessons (or modules) share. */
export function checkDuplicates(root: string, entries: readonly RawEntry[]): Problem[] {
  return [...duplicateIds(root, entries), ...duplicateOrders(root, entries)];
}

// A copy of content/ in a temporary folder, with some files changed: the broken fixtures of the content
// check and content report tests. Each call gets its own folder; remove it with the returned cleanup.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readContent, type RawEntry } from '~/content-check/read';

export const PROJECT_ROOT = join(import.meta.dirname, '..', '..');

export interface ContentFixture {
  root: string;
  cleanup: () => void;
}

/** Copies content/ and applies each edit (file path from the project root → new text from the old). */
export function contentFixture(edits: Record<string, (text: string) => string> = {}): ContentFixture {
  const root = mkdtempSync(join(tmpdir(), 'content-fixture-'));
  cpSync(join(PROJECT_ROOT, 'content'), join(root, 'content'), { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    const after = edit(before);
    if (after === before) throw new Error(`contentFixture: the edit of ${file} changed nothing`);
    writeFileSync(path, after);
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Replaces the first occurrence, failing loudly when it is not there (so a fixture never silently stops breaking). */
export const replaceOnce = (from: string | RegExp, to: string) => (text: string) => {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`replaceOnce: ${String(from)} not found`);
  return next;
};

let committed: RawEntry[] | undefined;

/**
 * The file of a committed content entry (path from the project root), found by its collection and its id
 * (the authored `id`, or the entry id): tests name entries, never files, so an editor may rename any file.
 */
export function contentFile(collection: string, id: string | number): string {
  committed ??= readContent(PROJECT_ROOT).entries;
  const entry = committed.find(
    (candidate) =>
      candidate.source.collection === collection && (candidate.id === String(id) || String(candidate.data['id']) === String(id)),
  );
  if (!entry) throw new Error(`contentFile: no ${collection} entry ${String(id)}`);
  return entry.file;
}

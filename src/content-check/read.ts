/**
 * Reads the content files the way the collection loaders do (src/collections/), without Astro: every
 * entry with its id, its file, its raw data and, for MDX, its body. Used before Astro's own content sync
 * (so the build can report every broken entry at once), by `npm run content:report` and by tests.
 * A file that cannot be read at all (bad YAML, no frontmatter) becomes a problem naming the line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { Problem } from './problems';
import { CONTENT_SOURCES } from './sources';
import { type ContentSource, type EntryData } from './source-helpers';

export interface RawEntry {
  source: ContentSource;
  /** The entry id the loader gives it (authored id, file name or YAML key). */
  id: string;
  /** Path from the project root, with forward slashes. */
  file: string;
  data: EntryData;
  /** MDX only: the body after the frontmatter, and the file line it starts on (1-based). */
  body?: string | undefined;
  bodyLine?: number | undefined;
  /** The file line (1-based) of a field of this entry, given its path inside the entry; null when unknown. */
  lineOf: (path: readonly PropertyKey[]) => number | null;
}

export interface ReadResult {
  entries: RawEntry[];
  problems: Problem[];
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

function listFiles(root: string, dir: string, extensions: readonly string[], recursive: boolean): string[] {
  const absolute = join(root, dir);
  let names: string[];
  try {
    names = readdirSync(absolute);
  } catch {
    return [];
  }
  return names.sort().flatMap((name) => {
    const path = join(absolute, name);
    if (statSync(path).isDirectory()) return recursive ? listFiles(root, join(dir, name), extensions, true) : [];
    return extensions.some((extension) => name.endsWith(`.${extension}`)) ? [path] : [];
  });
}

const posix = (path: string) => path.split(sep).join('/');

interface ParsedYaml {
  document: Document;
  counter: LineCounter;
}

function parseYaml(text: string, file: string, lineOffset: number, problems: Problem[]): ParsedYaml | null {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (document.errors.length === 0) return { document, counter };
  for (const error of document.errors) {
    const line = counter.linePos(error.pos[0]).line + lineOffset;
    problems.push({
      file,
      line,
      where: 'the file',
      message: `is not valid YAML: ${error.message.split('\n')[0] ?? error.message}`,
      fix: 'Check the indentation (spaces, not tabs) and quote texts that contain ": " or start with a special character.',
    });
  }
  return null;
}

/** The 1-based line of the node at `path` (the nearest existing parent when a field is missing). */
function lineFinder(parsed: ParsedYaml, base: readonly PropertyKey[], lineOffset: number) {
  return (path: readonly PropertyKey[]): number | null => {
    for (let length = path.length; length >= 0; length -= 1) {
      const node = parsed.document.getIn([...base, ...path.slice(0, length)], true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return parsed.counter.linePos(node.range[0]).line + lineOffset;
    }
    return null;
  };
}

function readGlob(root: string, source: ContentSource, files: Extract<ContentSource['files'], { kind: 'glob' }>, result: ReadResult) {
  const extensions = files.format === 'mdx' ? ['mdx', 'md'] : ['yaml', 'yml'];
  for (const path of listFiles(root, files.dir, extensions, files.recursive)) {
    const file = posix(relative(root, path));
    const text = readFileSync(path, 'utf8');
    const match = files.format === 'mdx' ? FRONTMATTER.exec(text) : null;
    if (files.format === 'mdx' && !match) {
      result.problems.push({
        file,
        line: 1,
        where: 'the file',
        message: 'has no frontmatter',
        fix: 'Start the file with a --- line, the fields (id, title, …), and another --- line.',
      });
      continue;
    }
    const lineOffset = match ? 1 : 0;
    const parsed = parseYaml(match ? (match[1] ?? '') : text, file, lineOffset, result.problems);
    if (!parsed) continue;
    const data = (parsed.document.toJS() ?? {}) as EntryData;
    const fileId = posix(relative(join(root, files.dir), path))
      .replace(/\.(mdx?|ya?ml)$/, '')
      .toLowerCase();
    const authored = data['id'];
    const id =
      files.idFrom === 'data' && typeof authored === 'number' && Number.isInteger(authored) && authored > 0 ? String(authored) : fileId;
    const body = match ? text.slice(match[0].length) : undefined;
    const bodyLine = match ? match[0].split('\n').length : undefined;
    result.entries.push({ source, id, file, data, body, bodyLine, lineOf: lineFinder(parsed, [], lineOffset) });
  }
}

function readFile(root: string, source: ContentSource, path: string, result: ReadResult) {
  let text: string;
  try {
    text = readFileSync(join(root, path), 'utf8');
  } catch {
    result.problems.push({ file: path, line: null, where: 'the file', message: 'is missing', fix: `Restore ${path}.` });
    return;
  }
  const parsed = parseYaml(text, path, 0, result.problems);
  if (!parsed) return;
  const { contents } = parsed.document;
  const data = parsed.document.toJS() as unknown;
  if (isSeq(contents) && Array.isArray(data)) {
    data.forEach((item: unknown, index) => {
      const entry = (item ?? {}) as EntryData;
      const id = typeof entry['id'] === 'string' || typeof entry['id'] === 'number' ? String(entry['id']) : `item ${index + 1}`;
      result.entries.push({ source, id, file: path, data: entry, lineOf: lineFinder(parsed, [index], 0) });
    });
  } else if (isMap(contents) && data && typeof data === 'object') {
    for (const [id, item] of Object.entries(data as Record<string, unknown>)) {
      result.entries.push({ source, id, file: path, data: (item ?? {}) as EntryData, lineOf: lineFinder(parsed, [id], 0) });
    }
  } else {
    result.problems.push({
      file: path,
      line: 1,
      where: 'the file',
      message: 'holds neither a list of entries nor entries keyed by id',
      fix: 'Write a list ("- id: …") or a mapping ("<id>:" then the fields indented).',
    });
  }
}

/** Reads every collection's files under `root` (the project folder). */
export function readContent(root: string, sources: readonly ContentSource[] = CONTENT_SOURCES): ReadResult {
  const result: ReadResult = { entries: [], problems: [] };
  for (const source of sources) {
    if (source.files.kind === 'glob') readGlob(root, source, source.files, result);
    else if (source.files.kind === 'lists')
      for (const path of listFiles(root, source.files.dir, ['yaml', 'yml'], false))
        readFile(root, source, posix(relative(root, path)), result);
    else readFile(root, source, source.files.file, result);
  }
  return result;
}

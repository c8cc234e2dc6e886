// References that stay true: every repository path named in a tracked file exists, and every citation of a
// heading of our docs (`docs/decisions.md "Identities"`) names a heading that exists. A citation may be
// wrapped over two lines of a comment or a paragraph: lines are joined before they are read.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const TEXT = /\.(ts|tsx|mts|mjs|js|astro|md|mdx|yaml|yml|sh|css)$/;
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => TEXT.test(file) && existsSync(path.join(ROOT, file)));

/**
 * The file's text with line breaks, comment markers and indentation folded into single spaces; in Markdown,
 * without its ```text blocks (what a command printed for an example, naming files that need not exist).
 */
const joined = (file: string) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .replace(file.endsWith('.md') ? /^```text\n[\s\S]*?^```$/gm : /$^/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*(?:\/\/+|\*|#+(?=\s)|<!--|-->)?\s*/, ''))
    .join(' ');

const TOP = '(?:src|tests|e2e|tools|scripts|docs|content|netlify|public)';
/** A path of this repository: a top folder, then segments, ending in a file name with an extension or a slash. */
const PATH = new RegExp(
  `(?<![\\w./~@-])(${TOP}/[\\w@.\\[\\]-]+(?:/[\\w@.\\[\\]-]+)*(?:\\.(?:tsx|ts|mts|mjs|astro|mdx|md|yaml|yml|json|css|sh|svg)(?![\\w-])|/))`,
  'g',
);
/** A docs file and a quoted heading of it: in docs/, or a README under content/. */
const CITATION = /((?:docs\/[\w-]+|content(?:\/[\w-]+)?\/README)\.md) "([^"]{2,120})"/g;

/** Paths written as patterns or examples, not as files: a placeholder or glob in them. */
const isPattern = (text: string) => /[<>*{}]|\bNN\b|\/\.\.\.|\[\.\.\./.test(text);

function headingsOf(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((match) => match[1]!.replace(/`/g, '')));
}

describe('references in tracked files', () => {
  it('every repository path they name exists (tests apart: their paths are often made-up fixtures)', () => {
    const missing: string[] = [];
    for (const file of tracked.filter((name) => !/\.(test|spec)\.tsx?$/.test(name))) {
      for (const [, named] of joined(file).matchAll(PATH)) {
        const target = named!.replace(/[.,;:)]+$/, '');
        if (isPattern(target) || existsSync(path.join(ROOT, target))) continue;
        missing.push(`${file}: ${target}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('every heading they cite in our docs exists', () => {
    const missing: string[] = [];
    const headings = new Map<string, Set<string>>();
    for (const file of tracked) {
      for (const [, doc, heading] of joined(file).matchAll(CITATION)) {
        if (!existsSync(path.join(ROOT, doc!))) {
          missing.push(`${file}: ${doc} (no such file)`);
          continue;
        }
        if (!headings.has(doc!)) headings.set(doc!, headingsOf(doc!));
        if (!headings.get(doc!)!.has(heading!)) missing.push(`${file}: ${doc} "${heading}"`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('reads what it checks: finds paths and citations in the docs', () => {
    const text = joined('docs/architecture.md');
    expect([...text.matchAll(PATH)].length).toBeGreaterThan(20);
    expect([...tracked.flatMap((file) => [...joined(file).matchAll(CITATION)])].length).toBeGreaterThan(20);
  });
});

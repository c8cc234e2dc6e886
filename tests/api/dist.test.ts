// Nothing protected may be a public file (docs/decisions.md "Server-side grading"):
// dist/ is served to anyone, /_astro/*.js included. Runs after `npm run build`.
import { DEMO_ADMIN, DEMO_USER } from '~/server/demo-accounts';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const DIST = path.resolve('dist');
const CONTENT = path.resolve('content');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** Every sentence-like string of the content: YAML string values and MDX prose lines. */
function protectedPhrases(): string[] {
  const phrases = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      const text = value.trim();
      if (text.length >= 40 && !/^https?:\/\//.test(text)) phrases.add(text.slice(0, 60));
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const file of files(CONTENT)) {
    const text = readFileSync(file, 'utf8');
    if (/\.ya?ml$/.test(file)) collect(parse(text));
    if (/\.mdx?$/.test(file)) {
      const [, frontmatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text) ?? [];
      collect(parse(frontmatter));
      for (const line of body.split('\n')) {
        const prose = line.replace(/^[#>*\-\d.\s]+/, '').trim();
        if (prose.length >= 40 && !prose.startsWith('<') && !prose.startsWith('import ')) phrases.add(prose.slice(0, 60));
      }
    }
  }
  return [...phrases];
}

const FIXED_PHRASES = [DEMO_ADMIN.name, DEMO_ADMIN.password, DEMO_USER.password];
/** An answer key as data ("isCorrect": true, isCorrect:!0 …), as opposed to code reading a graded result. */
const ANSWER_KEY = /isCorrect["']?\s*:\s*(true|false|!0|!1)/;

describe('the public build output (dist/)', () => {
  it('exists (run `npm run build` first)', () => {
    expect(existsSync(DIST)).toBe(true);
  });

  it('holds no HTML page: every page is rendered on demand behind the session check', () => {
    expect(files(DIST).filter((file) => file.endsWith('.html'))).toEqual([]);
  });

  it('contains none of the protected phrases, in any file, /_astro bundles included', () => {
    const phrases = protectedPhrases();
    expect(phrases.length).toBeGreaterThan(200);
    const leaks: string[] = [];
    for (const file of files(DIST)) {
      const text = readFileSync(file, 'utf8');
      for (const phrase of [...phrases, ...FIXED_PHRASES]) {
        if (text.includes(phrase)) leaks.push(`${path.relative(DIST, file)}: "${phrase}"`);
      }
      if (ANSWER_KEY.test(text)) leaks.push(`${path.relative(DIST, file)}: an answer key`);
    }
    expect(leaks).toEqual([]);
  });
});

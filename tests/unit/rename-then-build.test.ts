// Renaming or moving a content file needs nothing but the rename: `astro build` after a good build still
// passes, with the entry read from its new file (src/collections/movable-glob.ts). The project is copied
// into a temporary folder with its own caches (node_modules/.astro holds the content store). There, its
// content store is filled as a build fills it (`astro sync`: the same content layer, without the pages),
// then the first lesson file of the first module is renamed, a new lesson is scaffolded (`npm run new --
// lesson`), and the project is built: the build must read the lesson from its new file and the new lesson
// as written.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '~/content-check/read';
import { scaffold } from '../../scripts/lib/scaffold';
import { PROJECT_ROOT } from '../support/content-fixture';

const run = promisify(execFile);
/** What Astro's content layer says once it has filled the store. */
const SYNCED = 'Synced content';

/** Caches of the checkout that must not be shared with the copy. */
const OWN_CACHES = new Set(['.astro', '.vite', '.vite-dev', '.netlify-scratch', '.cache']);
/** What a build does not read, or writes. */
const NOT_COPIED = new Set(['node_modules', '.git', '.astro', '.netlify', 'dist', 'test-results', 'tests', 'e2e', 'docs']);

function copyProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'content-rename-'));
  for (const name of readdirSync(PROJECT_ROOT))
    if (!NOT_COPIED.has(name)) cpSync(join(PROJECT_ROOT, name), join(root, name), { recursive: true });
  mkdirSync(join(root, 'node_modules'));
  for (const name of readdirSync(join(PROJECT_ROOT, 'node_modules')))
    if (!OWN_CACHES.has(name)) symlinkSync(join(PROJECT_ROOT, 'node_modules', name), join(root, 'node_modules', name));
  return root;
}

async function astro(command: 'sync' | 'build', root: string): Promise<string> {
  const bin = join(PROJECT_ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const { stdout, stderr } = await run(process.execPath, [bin, command, '--root', root], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: `${command.toUpperCase()} FAILED\n${error.stderr ?? ''}`,
  }));
  return `${stdout}\n${stderr}`;
}

describe('renaming a lesson file after the content store was filled', () => {
  let root: string;
  let first: string;
  let second: string;
  let lesson: { file: string; renamed: string; id: string; title: string };
  let scaffolded: { file: string; text: string };
  beforeAll(async () => {
    root = copyProject();
    const entry = readContent(root).entries.find((candidate) => candidate.source.collection === 'lessons');
    if (!entry) throw new Error('no lesson in content/lessons');
    lesson = {
      file: entry.file,
      renamed: entry.file.replace(/\.mdx$/, '-renamed.mdx'),
      id: entry.id,
      title: String(entry.data['title']),
    };
    first = await astro('sync', root);
    renameSync(join(root, lesson.file), join(root, lesson.renamed));
    scaffolded = scaffold(root, { kind: 'lesson', module: 2, title: 'Scaffolded Lesson', owner: 'maya-chen', today: '2026-11-26' });
    writeFileSync(join(root, scaffolded.file), scaffolded.text);
    second = await astro('build', root);
  }, 600_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('syncs before the rename and builds after it, without a word about the old file', () => {
    expect(first).toContain(SYNCED);
    expect(first).not.toContain('SYNC FAILED');
    expect(second).not.toContain('BUILD FAILED');
    expect(second).toContain('Complete!');
    expect(second).not.toContain(lesson.file);
  });

  it('keeps the lesson, read from its new file', () => {
    const modules = readFileSync(join(root, '.astro', 'content-modules.mjs'), 'utf8');
    expect(modules).toContain(JSON.stringify(lesson.renamed));
    expect(modules).not.toContain(JSON.stringify(lesson.file));
    const store = readFileSync(join(root, 'node_modules', '.astro', 'data-store.json'), 'utf8');
    expect(store).toContain(lesson.renamed);
    expect(store).not.toContain(`"${lesson.file}"`);
    expect(store).toContain(lesson.title);
  });

  it('builds a lesson scaffolded by npm run new, as written', () => {
    expect(second).toContain('Content check: no problems.');
    const store = readFileSync(join(root, 'node_modules', '.astro', 'data-store.json'), 'utf8');
    expect(store).toContain(scaffolded.file);
    expect(store).toContain('Scaffolded Lesson');
  });
});

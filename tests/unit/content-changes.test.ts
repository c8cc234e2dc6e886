// "Changed in this preview" (/changes): what a branch changed under content/ against its base, from git —
// added, changed, renamed and removed files with the entries they hold (in a file of many entries, only
// those whose lines changed), each with its page; uncommitted files count; without a base it says why.
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedLines, contentChanges, parseNameStatus, type ContentChanges } from '~/content-check/changes';
import { contentFile, contentFixture, replaceOnce, type ContentFixture } from '../support/content-fixture';

describe('reading git', () => {
  it('reads name-status lines, renames with their old path', () => {
    expect(
      parseNameStatus('M\tcontent/a.yaml\nR097\tcontent/old.mdx\tcontent/new.mdx\nD\tcontent/gone.yaml\nA\tcontent/new.yaml\n'),
    ).toEqual([
      { file: 'content/a.yaml', kind: 'changed' },
      { file: 'content/new.mdx', kind: 'renamed', from: 'content/old.mdx' },
      { file: 'content/gone.yaml', kind: 'removed' },
      { file: 'content/new.yaml', kind: 'added' },
    ]);
  });

  it('reads the changed lines of a diff, a removal as the line after it', () => {
    expect([...changedLines('@@ -3 +3 @@\n-a\n+b\n@@ -10,2 +10,3 @@\n@@ -20,2 +21,0 @@\n')]).toEqual([3, 10, 11, 12, 22]);
  });
});

describe('a branch with content changes', () => {
  let fixture: ContentFixture;
  let changes: ContentChanges;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: fixture.root, stdio: 'ignore' });
  beforeAll(() => {
    fixture = contentFixture();
    git('init', '-q', '-b', 'main');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=T', 'add', '.');
    git('-c', 'user.email=t@example.com', '-c', 'user.name=T', 'commit', '-q', '-m', 'base');
    git('checkout', '-q', '-b', 'editor');
    const lesson = join(fixture.root, contentFile('lessons', 203));
    writeFileSync(lesson, replaceOnce('## Why lease types matter', '## Why lease types matter to a rep')(readFileSync(lesson, 'utf8')));
    git('mv', contentFile('personas', 2), 'content/personas/02-nathan-greer-castlegate.yaml');
    const objections = join(fixture.root, 'content/sales-kit/objections.yaml');
    writeFileSync(
      objections,
      replaceOnce('  objection: We only need flyers.', '  objection: We only ever need flyers.')(readFileSync(objections, 'utf8')),
    );
    git('-c', 'user.email=t@example.com', '-c', 'user.name=T', 'commit', '-q', '-am', 'edits');
    // Not committed yet: still part of the preview.
    appendFileSync(join(fixture.root, 'content/link-hosts.yaml'), '');
    writeFileSync(join(fixture.root, 'content/personas/notes.txt'), 'not content');
    rmSync(join(fixture.root, contentFile('lessons', 101)));
    changes = contentChanges(fixture.root, {});
  });
  afterAll(() => fixture.cleanup());

  it('lists each file with the entries it holds now and their pages', () => {
    expect(changes.base).toBe('main');
    if (changes.base === null) return;
    expect(changes.files).toEqual([
      { file: contentFile('lessons', 101), kind: 'removed', entries: [] },
      {
        file: contentFile('lessons', 203),
        kind: 'changed',
        entries: [{ noun: 'lesson', title: 'Lease Types Explained', href: '/modules/2/lessons/203' }],
      },
      {
        file: 'content/personas/02-nathan-greer-castlegate.yaml',
        kind: 'renamed',
        from: contentFile('personas', 2),
        entries: [{ noun: 'persona', title: 'Nathan Greer', href: '/personas/2' }],
      },
      { file: 'content/personas/notes.txt', kind: 'added', entries: [] },
      {
        file: 'content/sales-kit/objections.yaml',
        kind: 'changed',
        entries: [{ noun: 'objection', title: expect.stringMatching(/flyers/i), href: expect.stringMatching(/^\/sales-kit\/objections/) }],
      },
    ]);
  });

  it('says why when there is no base to compare with', () => {
    expect(contentChanges(fixture.root, { PREVIEW_BASE: 'no-such-branch' })).toEqual({
      base: null,
      reason: 'The base branch is not in this checkout, so nothing can be compared.',
    });
  });
});

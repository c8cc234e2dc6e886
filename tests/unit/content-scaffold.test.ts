// `npm run new -- <kind>` (scripts/new.ts, scripts/lib/scaffold.ts): each kind writes an entry that passes
// the content check as written, with the next free id and place and a review block owned by the editor;
// bad options are refused with what to write instead.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '~/content-check/check';
import { formatReport } from '~/content-check/problems';
import { readContent } from '~/content-check/read';
import { scaffold, ScaffoldError, type ScaffoldOptions } from '../../scripts/lib/scaffold';
import { contentFile, contentFixture, PROJECT_ROOT, type ContentFixture } from '../support/content-fixture';
import { runScript } from '../support/run-script';

let fixture: ContentFixture | undefined;
afterEach(() => fixture?.cleanup());

const TODAY = '2026-11-26';

/** Scaffolds into a copy of the content, writes it, and answers the result with the check's report after. */
function made(options: Omit<ScaffoldOptions, 'owner' | 'today'> & { owner?: string }) {
  fixture = contentFixture();
  const result = scaffold(fixture.root, { owner: 'maya-chen', today: TODAY, ...options });
  const path = join(fixture.root, result.file);
  if (result.mode === 'create') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, result.text);
  } else appendFileSync(path, result.text);
  const check = checkContent(fixture.root);
  const entries = readContent(fixture.root).entries;
  return { result, report: formatReport(check.problems), entries, text: readFileSync(path, 'utf8') };
}

const committed = readContent(PROJECT_ROOT).entries;
const maxId = (collection: string, filter: (data: Record<string, unknown>) => boolean = () => true) =>
  Math.max(...committed.filter((e) => e.source.collection === collection && filter(e.data)).map((e) => Number(e.data['id'])));

describe('npm run new', () => {
  it('lesson --module 2: the next free id and place of module 2, a valid file in its folder, and its page', () => {
    const { result, report, entries } = made({ kind: 'lesson', module: 2, title: 'Reading a Rent Roll' });
    const id = maxId('lessons', (data) => data['moduleId'] === 2) + 1;
    const order =
      Math.max(
        ...committed.filter((e) => e.source.collection === 'lessons' && e.data['moduleId'] === 2).map((e) => Number(e.data['order'])),
      ) + 1;
    expect(report).toBe('Content check: 0 problems in 0 files.');
    expect(result.made).toBe(`lesson ${id} (place ${order} of module 2)`);
    expect(result.preview).toBe(`/modules/2/lessons/${id}`);
    const lessonFolder = dirname(committed.find((e) => e.source.collection === 'lessons' && e.data['moduleId'] === 2)!.file);
    expect(result.file).toBe(`${lessonFolder}/${String(order).padStart(2, '0')}-reading-a-rent-roll.mdx`);
    const entry = entries.find((e) => e.file === result.file)!;
    expect(entry.data).toMatchObject({ id, moduleId: 2, order, title: 'Reading a Rent Roll', type: 'article' });
    expect(entry.data['review']).toEqual({ owner: 'maya-chen', lastReviewed: TODAY, reviewEveryMonths: 12 });
  });

  it('quiz: the next quiz id with five questions to write, valid, on its page', () => {
    const id = maxId('quizzes') + 1;
    const { result, report, entries } = made({ kind: 'quiz', title: 'Reading Leases', lesson: 203 });
    expect(report).toBe('Content check: 0 problems in 0 files.');
    expect(result).toMatchObject({ file: `content/quizzes/${String(id).padStart(2, '0')}-reading-leases.yaml`, preview: `/quizzes/${id}` });
    const questions = entries.find((e) => e.file === result.file)!.data['questions'] as Array<{ id: string; lessonId: number }>;
    expect(questions.map((question) => [question.id, question.lessonId])).toEqual([1, 2, 3, 4, 5].map((n) => [`q${n}`, 203]));
  });

  it('quiz-question --quiz N: the next question id, appended, valid, on the quiz page; a full quiz is refused', () => {
    const full = committed.find((e) => e.source.collection === 'quizzes' && (e.data['questions'] as unknown[]).length === 10);
    if (full) {
      fixture = contentFixture();
      const root = fixture.root;
      expect(() => scaffold(root, { kind: 'quiz-question', quiz: Number(full.data['id']), owner: 'maya-chen', today: TODAY })).toThrow(
        `Quiz ${String(full.data['id'])} already has 10 questions, the most a quiz may have: add the question to a quiz with fewer, or start a new quiz (npm run new -- quiz).`,
      );
      fixture.cleanup();
    }
    // A quiz with room: the first five questions of quiz 3, in a copy.
    fixture = contentFixture({
      [contentFile('quizzes', 3)]: (text) => text.slice(0, text.indexOf('\n  - id: q6\n') + 1),
    });
    const quiz = readContent(fixture.root).entries.find((e) => e.source.collection === 'quizzes' && e.data['id'] === 3)!;
    const next = `q${(quiz.data['questions'] as unknown[]).length + 1}`;
    const result = scaffold(fixture.root, { kind: 'quiz-question', quiz: 3, owner: 'maya-chen', today: TODAY });
    appendFileSync(join(fixture.root, result.file), result.text);
    const report = formatReport(checkContent(fixture.root).problems);
    const entries = readContent(fixture.root).entries;
    expect(report).toBe('Content check: 0 problems in 0 files.');
    expect(result).toMatchObject({ file: quiz.file, mode: 'append', made: `question ${next} of quiz 3`, preview: '/quizzes/3' });
    const questions = entries.find((e) => e.file === quiz.file)!.data['questions'] as Array<{ id: string }>;
    expect(questions.at(-1)?.id).toBe(next);
  });

  it('persona: the next id, a title of its role, valid, on its page', () => {
    const id = maxId('personas') + 1;
    const { result, report, entries } = made({ kind: 'persona', title: 'Ada Quill', role: 'influencer', segment: 10 });
    expect(report).toBe('Content check: 0 problems in 0 files.');
    expect(result).toMatchObject({ file: `content/personas/${String(id).padStart(2, '0')}-ada-quill.yaml`, preview: `/personas/${id}` });
    expect(entries.find((e) => e.file === result.file)?.data).toMatchObject({
      id,
      name: 'Ada Quill',
      role: 'influencer',
      buyerSegmentId: 10,
    });
  });

  it('objection and discovery-question: a free slug id for the persona, valid, on its filtered page', () => {
    const objection = made({ kind: 'objection', persona: 2, title: 'We only need flyers' });
    expect(objection.report).toBe('Content check: 0 problems in 0 files.');
    expect(objection.result).toMatchObject({ made: 'objection we-only-need-flyers', preview: '/sales-kit/objections?persona=2' });
    fixture?.cleanup();
    const question = made({ kind: 'discovery-question', persona: 2 });
    expect(question.report).toBe('Content check: 0 problems in 0 files.');
    expect(question.result).toMatchObject({ made: 'discovery question new-question', preview: '/sales-kit/discovery-questions?persona=2' });
  });

  it('refuses an owner who is not on the team (with the nearest id), a missing module and an unknown quiz', () => {
    fixture = contentFixture();
    const root = fixture.root;
    const attempt = (options: Partial<ScaffoldOptions>) => () =>
      scaffold(root, { kind: 'lesson', owner: 'maya-chen', today: TODAY, module: 2, ...options });
    expect(attempt({ owner: 'maya-chenn' })).toThrow(ScaffoldError);
    expect(attempt({ owner: 'maya-chenn' })).toThrow(
      /^--owner maya-chenn is not a team member of content\/company\/team.yaml: did you mean maya-chen\?/,
    );
    expect(attempt({ module: 42 })).toThrow(/^Say which module the lesson is in: --module 1, 2, 3/);
    expect(attempt({ kind: 'quiz-question', quiz: 99 })).toThrow(/^Say which quiz gets the question: --quiz /);
  });
});

describe('the command', () => {
  const run = (root: string, ...args: string[]) =>
    runScript('scripts/new.ts', [...args, '--root', root, '--today', TODAY]).then(({ code, stdout, stderr }) => ({
      code,
      output: code === 0 ? stdout : `${stdout}${stderr}`,
    }));

  it('writes the file and prints where to preview it', async () => {
    fixture = contentFixture();
    const id = maxId('lessons', (data) => data['moduleId'] === 2) + 1;
    const { code, output } = await run(fixture.root, 'lesson', '--module', '2', '--owner', 'maya-chen', '--title', 'Reading a Rent Roll');
    expect(code).toBe(0);
    expect(output).toMatch(
      new RegExp(`^Wrote content/lessons/.+-reading-a-rent-roll\\.mdx: lesson ${id} \\(place \\d+ of module 2\\)\\.\\n`),
    );
    expect(output).toContain(`  npm run dev, then open http://127.0.0.1:4321/modules/2/lessons/${id}\n`);
    expect(formatReport(checkContent(fixture.root).problems)).toBe('Content check: 0 problems in 0 files.');
  });

  it('answers the usage for an unknown kind, and exit code 1', async () => {
    fixture = contentFixture();
    const { code, output } = await run(fixture.root, 'lessson');
    expect(code).toBe(1);
    expect(output).toContain('Usage: npm run new -- <kind> [options]');
  });
});

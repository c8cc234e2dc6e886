// Lesson minutes are computed, not typed: 200 words a minute of prose, one minute per knowledge check and
// per question of a quiz lesson's quiz; modules are the sum. Checked on small bodies and on the content.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '~/content-check/read';
import { getModules, getQuiz } from './learning';

const ROOT = join(import.meta.dirname, '..', '..', '..');
import { knowledgeChecksIn, lessonMinutes, proseWords } from './reading-time';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');
const check = '<KnowledgeCheck\n  question="Which one?"\n  options={["a lot of words here", "b", "c"]}\n  answer={0}\n  explanation="Many more words that are not prose."\n/>';

describe('lesson minutes', () => {
  it('reads prose at 200 words a minute, rounded up, at least one minute', () => {
    expect(lessonMinutes(words(200))).toBe(1);
    expect(lessonMinutes(words(201))).toBe(2);
    expect(lessonMinutes(words(430))).toBe(3);
    expect(lessonMinutes('')).toBe(1);
  });

  it('counts only prose: not markup, link targets, tags, import lines or the words inside knowledge checks', () => {
    expect(proseWords('## A heading\n\nSee [the glossary](https://example.com/a/b) — **now**.\n\n<div class="x">hi</div>')).toBe(7);
    expect(proseWords(`import X from './x';\n${check}\nTwo words`)).toBe(2);
  });

  it('adds one minute per knowledge check and per quiz question', () => {
    expect(knowledgeChecksIn(`${check}\n${check}`)).toBe(2);
    expect(lessonMinutes(`${words(100)}\n${check}\n${check}`)).toBe(3);
    expect(lessonMinutes(words(90), 10)).toBe(11);
  });
});

describe('the content', () => {
  it('gives articles of 300–430 words 2 or 3 minutes (not the 7–12 once typed), and modules the sum of their lessons', async () => {
    const modules = await getModules();
    const lessons = modules.flatMap((module) => module.lessons);
    expect(lessons.length).toBeGreaterThan(30);
    for (const module of modules) expect(module.duration, module.title).toBe(module.lessons.reduce((sum, lesson) => sum + lesson.duration, 0));
    const leaseTypes = lessons.find((lesson) => lesson.id === 203)!;
    const body = readFileSync(join(ROOT, readContent(ROOT).entries.find((entry) => entry.source.collection === 'lessons' && entry.id === '203')!.file), 'utf8').replace(/^---[\s\S]*?---\n/, '');
    expect(leaseTypes.duration).toBe(Math.ceil(proseWords(body) / 200));
    expect(leaseTypes.duration).toBeLessThanOrEqual(3);
  });

  it('counts a quiz lesson by its quiz questions', async () => {
    const modules = await getModules();
    const quizLesson = modules.flatMap((module) => module.lessons).find((lesson) => lesson.id === 207)!;
    const questions = (await getQuiz(3))!.questions.length;
    expect(quizLesson.duration).toBeGreaterThanOrEqual(questions + 1);
    expect(quizLesson.duration).toBeLessThanOrEqual(questions + 2);
  });
});

// Learning content: the zod schemas reject bad entries naming the field, and every authored module,
// lesson and quiz under content/ is valid, complete and cross-referenced correctly.
// (Per-entry validation also runs in `astro sync` / the build; cross-references only here.)
import mdxRenderer from '@astrojs/mdx/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { mdxComponents } from '~/components/lesson/mdx-components';
import { LESSON_TYPES, QUIZ_CATEGORIES, QUIZ_DIFFICULTIES } from '~/shared/vocabulary';
import { lessonSchema, moduleSchema, quizSchema, type Lesson, type Module, type Quiz } from '~/schemas/learning';

const ROOT = join(import.meta.dirname, '..', '..');
const CONTENT = join(ROOT, 'content');

// #region helpers

function walk(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path, pattern);
      return pattern.test(entry.name) ? [path] : [];
    })
    .sort();
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Parses YAML text, naming the file when it is malformed. */
function yamlOf(path: string, text: string): unknown {
  try {
    return parseYaml(text);
  } catch (error) {
    throw new Error(`${relative(ROOT, path)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

const readYaml = (path: string): unknown => yamlOf(path, readFileSync(path, 'utf8'));

function readMdx(path: string): { data: unknown; body: string } {
  const match = FRONTMATTER.exec(readFileSync(path, 'utf8'));
  if (!match) throw new Error(`${relative(ROOT, path)}: no frontmatter`);
  return { data: yamlOf(path, match[1] ?? ''), body: match[2] ?? '' };
}

/** Parses with the schema; on failure, throws naming the file and each failing field. */
function parseWith<T>(
  schema: {
    safeParse: (
      value: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  path: string,
  data: unknown,
): T {
  const result = schema.safeParse(data);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`${relative(ROOT, path)}: ${fields}`);
  }
  return result.data;
}

/** The issues of a failed parse as "path: message" lines, to assert that the field is named. */
function issuesOf(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  data: unknown,
): string[] {
  const result = schema.safeParse(data);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const words = (text: string) =>
  text
    .replace(/^import .*$/gm, '')
    .split(/\s+/)
    .filter((word) => /[A-Za-z0-9]/.test(word)).length;

// #endregion helpers

// #region schema behaviour

const review = { owner: 'aaliyah-brooks', lastReviewed: '2026-09-01', reviewEveryMonths: 12 };
const goodLesson = { review, id: 101, moduleId: 1, order: 1, title: 'Intro', type: 'article' };
const goodQuestion = {
  id: 'q1',
  text: 'Which lease makes the tenant pay taxes, insurance and maintenance?',
  lessonId: 203,
  explanation: 'Triple net.',
  options: [
    { id: 'a', text: 'Gross', isCorrect: false },
    { id: 'b', text: 'NNN', isCorrect: true },
  ],
};
const goodQuiz = {
  review,
  id: 1,
  title: 'Quiz',
  description: 'A quiz.',
  category: 'Industry Knowledge',
  difficulty: 'beginner',
  questions: ['q1', 'q2', 'q3', 'q4', 'q5'].map((id) => ({ ...goodQuestion, id })),
};

describe('learning schemas', () => {
  it('accepts valid entries', () => {
    expect(moduleSchema.safeParse({ review, id: 1, title: 'M', description: 'D', order: 1 }).success).toBe(true);
    expect(lessonSchema.safeParse(goodLesson).success).toBe(true);
    expect(quizSchema.safeParse(goodQuiz).success).toBe(true);
  });

  it('rejects an unknown field (typo) naming it', () => {
    const issues = issuesOf(moduleSchema, { review, id: 1, title: 'M', description: 'D', order: 1, titel: 'x' });
    expect(issues.join('\n')).toContain('titel');
  });

  it('rejects a lesson with an unknown type naming `type`', () => {
    const issues = issuesOf(lessonSchema, { ...goodLesson, type: 'podcast' });
    expect(issues.some((issue) => issue.startsWith('type:'))).toBe(true);
  });

  it('accepts a video lesson without videoUrl (its body is the transcript) and rejects a malformed one naming `videoUrl`', () => {
    expect(lessonSchema.safeParse({ ...goodLesson, type: 'video' }).success).toBe(true);
    expect(lessonSchema.safeParse({ ...goodLesson, type: 'video', videoUrl: 'https://media.example/lesson.mp4' }).success).toBe(true);
    const issues = issuesOf(lessonSchema, { ...goodLesson, type: 'video', videoUrl: 'not a url' });
    expect(issues.some((issue) => issue.startsWith('videoUrl:'))).toBe(true);
  });

  it('rejects a quiz lesson without quizId naming `quizId`', () => {
    const issues = issuesOf(lessonSchema, { ...goodLesson, type: 'quiz' });
    expect(issues.some((issue) => issue.startsWith('quizId:'))).toBe(true);
  });

  it('rejects a typed duration: minutes are computed from the words and knowledge checks', () => {
    expect(issuesOf(lessonSchema, { ...goodLesson, duration: 7 }).join()).toContain('duration');
  });

  it('rejects a question with two correct options naming that question', () => {
    const bad = {
      ...goodQuiz,
      questions: [
        ...goodQuiz.questions.slice(0, 4),
        { ...goodQuestion, id: 'q-two', options: goodQuestion.options.map((o) => ({ ...o, isCorrect: true })) },
      ],
    };
    const issues = issuesOf(quizSchema, bad);
    expect(issues.some((issue) => issue.startsWith('questions.4.options:') && issue.includes('"q-two"'))).toBe(true);
  });

  it('rejects a question with no correct option naming that question', () => {
    const bad = {
      ...goodQuiz,
      questions: [
        { ...goodQuestion, id: 'q-none', options: goodQuestion.options.map((o) => ({ ...o, isCorrect: false })) },
        ...goodQuiz.questions.slice(1),
      ],
    };
    expect(issuesOf(quizSchema, bad).join('\n')).toContain('"q-none"');
  });

  it('rejects a missing or empty explanation, a bad category or difficulty, and a wrong question count', () => {
    const { explanation: _dropped, ...noExplanation } = goodQuestion;
    expect(issuesOf(quizSchema, { ...goodQuiz, questions: [noExplanation, ...goodQuiz.questions.slice(1)] }).join()).toContain(
      'questions.0.explanation',
    );
    expect(
      issuesOf(quizSchema, { ...goodQuiz, questions: [{ ...goodQuestion, explanation: ' ' }, ...goodQuiz.questions.slice(1)] }).join(),
    ).toContain('questions.0.explanation');
    expect(issuesOf(quizSchema, { ...goodQuiz, category: 'Sales' }).join()).toContain('category');
    expect(issuesOf(quizSchema, { ...goodQuiz, difficulty: 'expert' }).join()).toContain('difficulty');
    expect(issuesOf(quizSchema, { ...goodQuiz, questions: goodQuiz.questions.slice(0, 4) }).join()).toContain('questions');
  });

  it('rejects a question without a positive integer lessonId, naming `lessonId`', () => {
    const { lessonId: _dropped, ...noLesson } = goodQuestion;
    expect(issuesOf(quizSchema, { ...goodQuiz, questions: [noLesson, ...goodQuiz.questions.slice(1)] }).join()).toContain(
      'questions.0.lessonId',
    );
    for (const lessonId of [0, -3, 2.5, '203']) {
      expect(
        issuesOf(quizSchema, { ...goodQuiz, questions: [{ ...goodQuestion, lessonId }, ...goodQuiz.questions.slice(1)] }).join(),
      ).toContain('lessonId');
    }
  });

  it('rejects duplicate question ids and duplicate option ids', () => {
    const dupQuestions = { ...goodQuiz, questions: goodQuiz.questions.map((q) => ({ ...q, id: 'same' })) };
    expect(issuesOf(quizSchema, dupQuestions).join()).toContain('duplicate question id');
    const dupOptions = { ...goodQuestion, options: goodQuestion.options.map((o) => ({ ...o, id: 'a' })) };
    expect(issuesOf(quizSchema, { ...goodQuiz, questions: [dupOptions, ...goodQuiz.questions.slice(1)] }).join()).toContain(
      'duplicate option id',
    );
  });
});

// #endregion schema behaviour

// #region authored content

const moduleFiles = walk(join(CONTENT, 'modules'), /\.mdx?$/);
const lessonFiles = walk(join(CONTENT, 'lessons'), /\.mdx$/);
const quizFiles = walk(join(CONTENT, 'quizzes'), /\.yaml$/);

const modules: Module[] = moduleFiles.map((path) => parseWith(moduleSchema, path, readMdx(path).data));
const lessons: (Lesson & { path: string; body: string })[] = lessonFiles.map((path) => {
  const { data, body } = readMdx(path);
  return { ...parseWith(lessonSchema, path, data), path: relative(ROOT, path), body };
});
const quizzes: Quiz[] = quizFiles.map((path) => parseWith(quizSchema, path, readYaml(path)));

const duplicates = (ids: number[]) => ids.filter((id, index) => ids.indexOf(id) !== index);

describe('authored learning content', () => {
  it('has at least 6 modules with unique ids and orders', () => {
    expect(modules.length).toBeGreaterThanOrEqual(6);
    expect(duplicates(modules.map((m) => m.id))).toEqual([]);
    expect(duplicates(modules.map((m) => m.order))).toEqual([]);
  });

  it('has lessons with unique ids, valid module references and the moduleId*100+n convention', () => {
    expect(duplicates(lessons.map((l) => l.id))).toEqual([]);
    const moduleIds = new Set(modules.map((m) => m.id));
    for (const lesson of lessons) {
      expect(moduleIds.has(lesson.moduleId), `${lesson.path}: unknown moduleId ${lesson.moduleId}`).toBe(true);
      expect(Math.floor(lesson.id / 100), `${lesson.path}: id ${lesson.id}`).toBe(lesson.moduleId);
    }
  });

  it('gives every module 4–8 lessons with unique orders', () => {
    for (const module of modules) {
      const own = lessons.filter((l) => l.moduleId === module.id);
      expect(own.length, `module ${module.id} lesson count`).toBeGreaterThanOrEqual(4);
      expect(own.length, `module ${module.id} lesson count`).toBeLessThanOrEqual(8);
      expect(duplicates(own.map((l) => l.order)), `module ${module.id} lesson orders`).toEqual([]);
    }
  });

  it('uses every lesson type, and no lesson types its duration (it is computed)', () => {
    expect(new Set(lessons.map((l) => l.type))).toEqual(new Set(LESSON_TYPES));
    for (const lesson of lessons) expect(readMdx(join(ROOT, lesson.path)).data, lesson.path).not.toHaveProperty('duration');
  });

  it('points every quiz lesson at an existing quiz', () => {
    const quizIds = new Set(quizzes.map((q) => q.id));
    for (const lesson of lessons.filter((l) => l.type === 'quiz')) {
      expect(lesson.quizId !== undefined && quizIds.has(lesson.quizId), `${lesson.path}: quizId ${lesson.quizId}`).toBe(true);
    }
  });

  it('gives every lesson a real body (articles 250–600 words with headings)', () => {
    for (const lesson of lessons) {
      const count = words(lesson.body);
      if (lesson.type === 'article') {
        expect(count, `${lesson.path}: words`).toBeGreaterThanOrEqual(250);
        expect(count, `${lesson.path}: words`).toBeLessThanOrEqual(600);
        expect(lesson.body, `${lesson.path}: headings`).toMatch(/^##+ /m);
      } else {
        expect(count, `${lesson.path}: words`).toBeGreaterThanOrEqual(60);
      }
    }
  });

  it('gives every video lesson a transcript (speaker turns) and no link to the placeholder video host', () => {
    const videos = lessons.filter((l) => l.type === 'video');
    expect(videos.length).toBeGreaterThan(0);
    for (const lesson of videos) {
      expect(lesson.videoUrl ?? '', `${lesson.path}: videoUrl`).not.toMatch(/videos\.parcelwise\.example/);
      expect((lesson.body.match(/^\*\*[^*\n]+:\*\* /gm) ?? []).length, `${lesson.path}: speaker turns`).toBeGreaterThanOrEqual(3);
      expect(lesson.body, `${lesson.path}: "What this video covers" is a summary, not a transcript`).not.toMatch(/What this video covers/);
    }
  });

  it('gives every interactive lesson a well-formed knowledge check', () => {
    for (const lesson of lessons.filter((l) => l.type === 'interactive')) {
      expect(lesson.body, `${lesson.path}: no imports (components come from the page)`).not.toMatch(/^import /m);
      const checks = [...lesson.body.matchAll(/<KnowledgeCheck([\s\S]*?)\/>/g)].map((m) => m[1] ?? '');
      expect(checks.length, `${lesson.path}: knowledge checks`).toBeGreaterThan(0);
      for (const props of checks) {
        const options = JSON.parse(/options=\{(\[[\s\S]*?\])\}/.exec(props)?.[1] ?? 'null') as unknown;
        const answer = Number(/answer=\{(\d+)\}/.exec(props)?.[1] ?? NaN);
        expect(Array.isArray(options) && options.length >= 2, `${lesson.path}: options`).toBe(true);
        expect(Number.isInteger(answer) && answer < (options as unknown[]).length, `${lesson.path}: answer`).toBe(true);
        expect(props, `${lesson.path}: question`).toMatch(/question="[^"]+"/);
        expect(props, `${lesson.path}: explanation`).toMatch(/explanation="[^"]+"/);
      }
    }
  });

  it('has at least 8 quizzes with unique ids covering every category and difficulty', () => {
    expect(quizzes.length).toBeGreaterThanOrEqual(8);
    expect(duplicates(quizzes.map((q) => q.id))).toEqual([]);
    expect(new Set(quizzes.map((q) => q.category))).toEqual(new Set(QUIZ_CATEGORIES));
    expect(new Set(quizzes.map((q) => q.difficulty))).toEqual(new Set(QUIZ_DIFFICULTIES));
  });

  it('gives every quiz 5–10 questions, each with one correct option and an explanation', () => {
    for (const quiz of quizzes) {
      expect(quiz.questions.length).toBeGreaterThanOrEqual(5);
      expect(quiz.questions.length).toBeLessThanOrEqual(10);
      for (const question of quiz.questions) {
        expect(
          question.options.filter((o) => o.isCorrect),
          `quiz ${quiz.id} ${question.id}`,
        ).toHaveLength(1);
        expect(question.explanation.trim().length, `quiz ${quiz.id} ${question.id}`).toBeGreaterThan(0);
      }
    }
  });

  it('renders every lesson body through the MDX pipeline, knowledge checks included', async () => {
    type Renderable = Parameters<AstroContainer['renderToString']>[0];
    const compiled = import.meta.glob<{ default: Renderable }>('../../content/lessons/**/*.mdx');
    expect(Object.keys(compiled)).toHaveLength(lessons.length);
    const container = await AstroContainer.create();
    container.addServerRenderer({ name: 'astro:jsx', renderer: mdxRenderer });
    for (const [path, load] of Object.entries(compiled)) {
      const html = await container.renderToString((await load()).default, { props: { components: mdxComponents } });
      expect(html, `${path}: headings`).toMatch(/<h2[ >]/);
      const source = lessons.find((lesson) => path.endsWith(lesson.path.replace(/^content\//, '')));
      expect(source, path).toBeDefined();
      const checks = (source?.body.match(/<KnowledgeCheck\b/g) ?? []).length;
      expect((html.match(/<details\b/g) ?? []).length, `${path}: rendered knowledge checks`).toBe(checks);
      expect((html.match(/<summary[^>]*>Show answer<\/summary>/g) ?? []).length, `${path}: Show answer`).toBe(checks);
    }
  });

  it('names, for every quiz question, an existing lesson that teaches it and is not a quiz lesson', () => {
    const byId = new Map(lessons.map((lesson) => [lesson.id, lesson]));
    for (const quiz of quizzes) {
      for (const question of quiz.questions) {
        const lesson = byId.get(question.lessonId);
        expect(lesson, `quiz ${quiz.id} ${question.id}: lessonId ${question.lessonId} does not exist`).toBeDefined();
        expect(lesson?.type, `quiz ${quiz.id} ${question.id}: lesson ${question.lessonId} is a quiz lesson`).not.toBe('quiz');
      }
    }
  });

  it('gives no cue to the key: the correct option is rarely the longest and no position dominates (at most 35% each)', () => {
    const all = quizzes.flatMap((quiz) => quiz.questions);
    const longest = all.filter((question) => {
      const correct = question.options.find((o) => o.isCorrect)!;
      return question.options.every((o) => o.text.length <= correct.text.length);
    });
    expect(longest.length / all.length).toBeLessThanOrEqual(0.35);
    const positions = new Map<number, number>();
    for (const question of all) {
      const position = question.options.findIndex((o) => o.isCorrect);
      positions.set(position, (positions.get(position) ?? 0) + 1);
    }
    expect(Math.max(...positions.values()) / all.length).toBeLessThanOrEqual(0.35);
  });

  it('asks every question once: no duplicate or near-duplicate question texts, none repeating a knowledge check', () => {
    const wordsOf = (text: string) =>
      new Set(
        text
          .toLowerCase()
          .replace(/[^a-z0-9%$ ]+/g, ' ')
          .split(/\s+/)
          .filter((w) => w.length > 2),
      );
    const similarity = (a: Set<string>, b: Set<string>) => [...a].filter((w) => b.has(w)).length / new Set([...a, ...b]).size;
    const checks = lessons.flatMap((lesson) => [...lesson.body.matchAll(/question="([^"]+)"/g)].map((m) => `${lesson.path}: ${m[1]}`));
    const texts = [
      ...quizzes.flatMap((quiz) => quiz.questions.map((question) => `quiz ${quiz.id} ${question.id}: ${question.text}`)),
      ...checks,
    ];
    const sets = texts.map((label) => wordsOf(label.slice(label.indexOf(': ') + 2)));
    for (let i = 0; i < texts.length; i += 1) {
      for (let j = i + 1; j < texts.length; j += 1) {
        if (texts[i]!.startsWith('content/') && texts[j]!.startsWith('content/')) continue;
        expect(similarity(sets[i]!, sets[j]!), `${texts[i]}\n${texts[j]}`).toBeLessThan(0.6);
      }
    }
  });

  it('gives one answer everywhere to which features prove TARGET: email segmentation, the search engine and lead management', () => {
    const byId = new Map(lessons.map((lesson) => [lesson.id, lesson.body]));
    const targetParts = [
      /## TARGET\n([\s\S]*?)\n## /.exec(byId.get(102)!)?.[1],
      /\| TARGET \|([^\n]*)/.exec(byId.get(502)!)?.[1],
      /\(([^)]*prove TARGET[^)]*)\)/.exec(byId.get(504)!.replace(/\n/g, ' '))?.[1],
    ];
    for (const part of targetParts) {
      expect(part, 'a lesson lost its TARGET mapping').toBeDefined();
      for (const feature of [/email/i, /search engine/i, /lead management/i]) expect(part).toMatch(feature);
    }
    const question = quizzes.find((quiz) => quiz.id === 7)!.questions.find((q) => q.id === 'q6')!;
    const key = question.options.find((option) => option.isCorrect)!.text;
    for (const feature of [/email/i, /search engine/i, /lead management/i]) expect(key).toMatch(feature);
  });

  it('holds at least 160 questions across quizzes and knowledge checks, covering discovery, objections, pricing and case studies', () => {
    const checks = lessons.flatMap((lesson) => [...lesson.body.matchAll(/<KnowledgeCheck\b/g)].map(() => lesson.id));
    const questions = quizzes.flatMap((quiz) => quiz.questions.map((question) => question.lessonId));
    expect(questions.length + checks.length).toBeGreaterThanOrEqual(160);
    const topics = {
      discovery: [407, 406, 601],
      objections: [608, 603],
      pricing: [507, 604],
      'case studies': [307],
    };
    for (const [topic, lessonIds] of Object.entries(topics)) {
      const asked = [...questions, ...checks].filter((id) => lessonIds.includes(id)).length;
      expect(asked, topic).toBeGreaterThanOrEqual(6);
    }
  });

  it('varies the position of the correct option', () => {
    const positions = quizzes.flatMap((q) => q.questions.map((question) => question.options.findIndex((o) => o.isCorrect)));
    const counts = new Map<number, number>();
    for (const position of positions) counts.set(position, (counts.get(position) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...counts.values()) / positions.length).toBeLessThan(0.5);
  });
});

// #endregion authored content

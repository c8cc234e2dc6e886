// What `npm run new -- <kind>` writes: a new content entry that passes the content check as it is, with the
// next free id (and place), a review block owned by the editor running it, today as lastReviewed, and
// every field an editor fills in written as an instruction. Pure: reads the content, answers the file to
// write (or append to) and the page to preview; scripts/new.ts writes it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { slugify } from '~/shared/anchors';
import { readContent, type RawEntry } from '~/content-check/read';
import { closest } from '~/content-check/schema-check';
import { OBJECTION_CATEGORIES, DISCOVERY_STAGES } from '~/schemas/sales-kit';
import { PERSONA_ROLES, PERSONA_SEGMENTS } from '~/shared/vocabulary';

export const SCAFFOLD_KINDS = ['lesson', 'quiz', 'quiz-question', 'persona', 'objection', 'discovery-question'] as const;
export type ScaffoldKind = (typeof SCAFFOLD_KINDS)[number];

export interface ScaffoldOptions {
  kind: ScaffoldKind;
  owner: string;
  /** YYYY-MM-DD: the review block's lastReviewed. */
  today: string;
  title?: string | undefined;
  module?: number | undefined;
  quiz?: number | undefined;
  lesson?: number | undefined;
  persona?: number | undefined;
  role?: string | undefined;
  segment?: number | undefined;
}

export interface Scaffold {
  /** Path from the project root. */
  file: string;
  /** 'create' a new file, or 'append' the text to the end of an existing one. */
  mode: 'create' | 'append';
  text: string;
  /** What was made, e.g. "lesson 209 (order 9 of module 2)". */
  made: string;
  /** The page that shows it. */
  preview: string;
}

/** An editor's mistake in the options: the message says what to write instead. */
export class ScaffoldError extends Error {}

const numeric = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const of = (entries: readonly RawEntry[], collection: string) => entries.filter((entry) => entry.source.collection === collection);
const maxOf = (values: readonly number[], floor = 0) => values.reduce((max, value) => Math.max(max, value), floor);
const quoted = (text: string) => JSON.stringify(text);
const list = (values: readonly (string | number)[]) => values.slice(0, 8).join(', ') + (values.length > 8 ? ', …' : '');

function reviewLine(options: ScaffoldOptions): string {
  return `{ owner: ${options.owner}, lastReviewed: ${options.today}, reviewEveryMonths: 12 }`;
}

/** The owner must be a team member; a near miss gets the nearest id. */
export function checkOwner(entries: readonly RawEntry[], owner: string): void {
  const team = of(entries, 'companyTeam').map((member) => member.id);
  if (team.includes(owner)) return;
  const nearest = closest(owner, team);
  throw new ScaffoldError(
    `--owner ${owner || '(none)'} is not a team member of content/company/team.yaml${nearest ? `: did you mean ${nearest}?` : ''} Write your own id (${list(team)}).`,
  );
}

function lesson(entries: readonly RawEntry[], options: ScaffoldOptions): Scaffold {
  const moduleId = options.module;
  const modules = of(entries, 'modules').map((entry) => Number(entry.data['id']));
  if (!numeric(moduleId) || !modules.includes(moduleId))
    throw new ScaffoldError(`Say which module the lesson is in: --module ${list(modules)}.`);
  const lessons = of(entries, 'lessons').filter((entry) => entry.data['moduleId'] === moduleId);
  const id =
    maxOf(
      lessons.map((entry) => Number(entry.data['id'])),
      moduleId * 100,
    ) + 1;
  const order = maxOf(lessons.map((entry) => Number(entry.data['order']))) + 1;
  const title = options.title ?? 'New lesson';
  const folder = lessons[0] ? dirname(lessons[0].file) : `content/lessons/${String(moduleId).padStart(2, '0')}-module`;
  const text = [
    '---',
    `id: ${id}`,
    `moduleId: ${moduleId}`,
    `order: ${order}`,
    `title: ${quoted(title)}`,
    'type: article',
    `review: ${reviewLine(options)}`,
    '---',
    '',
    '## Write the first heading here',
    '',
    'Write the lesson here: 250 to 600 words for an article (300 to 500 read best), under `##` and `###` headings.',
    'The guide, content/README.md "Adding a lesson", has the rest.',
    '',
    '## Key takeaways',
    '',
    '- Write the two or three things a rep should remember.',
    '',
  ].join('\n');
  return {
    file: `${folder}/${String(order).padStart(2, '0')}-${slugify(title)}.mdx`,
    mode: 'create',
    text,
    made: `lesson ${id} (place ${order} of module ${moduleId})`,
    preview: `/modules/${moduleId}/lessons/${id}`,
  };
}

/** How often each written answer position (a to d) holds the key across the quiz bank. */
function keyPositions(quizzes: readonly RawEntry[]): number[] {
  const counts = [0, 0, 0, 0];
  for (const quiz of quizzes)
    for (const question of (quiz.data['questions'] as Array<{ options?: Array<{ isCorrect?: boolean }> }>) ?? []) {
      const position = (question.options ?? []).findIndex((option) => option.isCorrect === true);
      if (position >= 0 && position < 4) counts[position] = (counts[position] ?? 0) + 1;
    }
  return counts;
}

/** The answer position the bank uses least (counted in `counts`, which it updates), so new questions never tip its balance. */
function takeLeastUsed(counts: number[]): number {
  const position = counts.indexOf(Math.min(...counts));
  counts[position] = (counts[position] ?? 0) + 1;
  return position;
}

/** A question's four options, the key at `key`; the key is the shortest, as the bank's balance wants. */
function optionLines(key: number, indent: string): string[] {
  const wrong = ['A plausible wrong answer (1)', 'A plausible wrong answer (2)', 'A plausible wrong answer (3)'];
  const texts = [...wrong.slice(0, key), 'The right answer', ...wrong.slice(key)];
  return texts.map((text, index) => `${indent}- { id: ${'abcd'[index]!}, text: ${quoted(text)}, isCorrect: ${index === key} }`);
}

/** Placeholder questions that share few words, so the near-duplicate rule lets them stand until written. */
const PLACEHOLDER_QUESTIONS = [
  'Which fact from the lesson should a new rep recall first?',
  'Replace this text with a scenario a learner must judge.',
  'Pose a calculation here that uses numbers from those lessons.',
  'Ask about a term the glossary defines, in plain words.',
  "Describe a prospect's situation; what should the rep do next?",
];

function quiz(entries: readonly RawEntry[], options: ScaffoldOptions): Scaffold {
  const quizzes = of(entries, 'quizzes');
  const teaching = of(entries, 'lessons').filter((entry) => entry.data['type'] !== 'quiz');
  const lessonId = options.lesson ?? Number(teaching[0]?.data['id']);
  if (!teaching.some((entry) => entry.data['id'] === lessonId))
    throw new ScaffoldError(
      `--lesson must be a lesson that teaches (not a quiz lesson): ${list(teaching.map((entry) => Number(entry.data['id'])))}.`,
    );
  const id = maxOf(quizzes.map((entry) => Number(entry.data['id']))) + 1;
  const title = options.title ?? 'New quiz';
  const counts = keyPositions(quizzes);
  const questions = PLACEHOLDER_QUESTIONS.flatMap((text, index) => [
    `  - id: q${index + 1}`,
    `    text: ${quoted(text)}`,
    `    lessonId: ${lessonId}         # the lesson whose body teaches the answer`,
    `    explanation: ${quoted('Write why the right answer is right; learners read it after grading.')}`,
    '    options:',
    ...optionLines(takeLeastUsed(counts), '      '),
  ]);
  const text = [
    `# Quiz ${id}. Schema: src/schemas/learning.ts (quizSchema). Five to ten questions, each naming the lesson that teaches it.`,
    `id: ${id}`,
    `review: ${reviewLine(options)}`,
    `title: ${quoted(title)}`,
    `description: ${quoted('Write one or two sentences on what the quiz checks.')}`,
    'category: Industry Knowledge   # Industry Knowledge, Buyer Segments, Buyer Personas, Product, Company, Ideal Customer Profile',
    'difficulty: beginner           # beginner, intermediate, advanced',
    'questions:',
    ...questions,
    '',
  ].join('\n');
  return {
    file: `content/quizzes/${String(id).padStart(2, '0')}-${slugify(title)}.yaml`,
    mode: 'create',
    text,
    made: `quiz ${id}, with 5 questions to write (a quiz lesson with quizId: ${id} puts it on the learning path)`,
    preview: `/quizzes/${id}`,
  };
}

function quizQuestion(root: string, entries: readonly RawEntry[], options: ScaffoldOptions): Scaffold {
  const quizzes = of(entries, 'quizzes');
  const quiz = quizzes.find((entry) => entry.data['id'] === options.quiz);
  if (!quiz) throw new ScaffoldError(`Say which quiz gets the question: --quiz ${list(quizzes.map((entry) => Number(entry.data['id'])))}.`);
  const questions = (quiz.data['questions'] as Array<{ id: string; lessonId: number }>) ?? [];
  if (questions.length >= 10)
    throw new ScaffoldError(
      `Quiz ${String(quiz.data['id'])} already has 10 questions, the most a quiz may have: add the question to a quiz with fewer, or start a new quiz (npm run new -- quiz).`,
    );
  const lessonId = options.lesson ?? questions.at(-1)?.lessonId;
  const teaching = of(entries, 'lessons').filter((entry) => entry.data['type'] !== 'quiz');
  if (!teaching.some((entry) => entry.data['id'] === lessonId))
    throw new ScaffoldError(
      `Say which lesson teaches the answer: --lesson ${list(teaching.map((entry) => Number(entry.data['id'])))} (not a quiz lesson).`,
    );
  const id = `q${maxOf(questions.map((question) => Number(question.id.slice(1)) || 0)) + 1}`;
  const lines = [
    `  - id: ${id}`,
    `    text: ${quoted(`Write question ${id} of this quiz as the learner reads it.`)}`,
    `    lessonId: ${String(lessonId)}`,
    `    explanation: ${quoted('Write why the right answer is right; learners read it after grading.')}`,
    '    options:',
    ...optionLines(takeLeastUsed(keyPositions(quizzes)), '      '),
  ];
  const current = readFileSync(join(root, quiz.file), 'utf8');
  return {
    file: quiz.file,
    mode: 'append',
    text: `${current.endsWith('\n') ? '' : '\n'}${lines.join('\n')}\n`,
    made: `question ${id} of quiz ${String(quiz.data['id'])}`,
    preview: `/quizzes/${String(quiz.data['id'])}`,
  };
}

function persona(entries: readonly RawEntry[], options: ScaffoldOptions): Scaffold {
  const role = options.role ?? 'champion';
  if (!(PERSONA_ROLES as readonly string[]).includes(role)) throw new ScaffoldError(`--role must be one of ${PERSONA_ROLES.join(', ')}.`);
  const segments = of(entries, 'segments').map((entry) => Number(entry.data['id']));
  const segmentId = options.segment ?? segments[0];
  if (!numeric(segmentId) || !segments.includes(segmentId))
    throw new ScaffoldError(`--segment must be the id of a buyer segment: ${list(segments)}.`);
  const roles = (of(entries, 'icp')[0]?.data['engagement'] as { roles?: Record<string, { titles?: string[] }> } | undefined)?.roles;
  const title = roles?.[role]?.titles?.[0] ?? 'Write the job title';
  const situations = of(entries, 'salesSituations').map((entry) => String(entry.data['id'] ?? entry.id));
  const id = maxOf(of(entries, 'personas').map((entry) => Number(entry.data['id']))) + 1;
  const name = options.title ?? 'First Last';
  const text = [
    `# Persona ${id}. Schema and field guide: src/schemas/buyers.ts (personaSchema).`,
    `id: ${id}`,
    `review: ${reviewLine(options)}`,
    `name: ${name}`,
    `title: ${title}                # of the ${role} role: content/icp/ideal-customer-profile.yaml engagement.roles`,
    'company: Write A Fictional Company Name',
    `segment: ${PERSONA_SEGMENTS[1]}            # ${PERSONA_SEGMENTS.join(', ')}`,
    `role: ${role}`,
    `buyerSegmentId: ${segmentId}`,
    'background: >-',
    '  Write two to four sentences: career and current remit.',
    'preferences:',
    '  decisionFactors: Write what decides a purchase for this person.',
    '  careAbout: [Write one thing they care about, Write another]',
    'goals: [Write a goal]',
    'painPoints: [Write a pain Parcelwise removes]',
    'callPrep:',
    '  talkingPoints:             # exactly three, true to the product',
    '    - Write the first talking point.',
    '    - Write the second talking point.',
    '    - Write the third talking point.',
    '  objections:                # two to four',
    `    - objection: ${quoted("Write the objection in the persona's own words.")}`,
    `      response: ${quoted("Write the one-line response, from the coach's plays.")}`,
    `      situationId: ${situations[0] ?? 'budget-pushback'}`,
    `    - objection: ${quoted('Write a second objection.')}`,
    `      response: ${quoted('Write its response.')}`,
    `      situationId: ${situations[1] ?? situations[0] ?? 'budget-pushback'}`,
    '',
  ].join('\n');
  return {
    file: `content/personas/${String(id).padStart(2, '0')}-${slugify(name)}.yaml`,
    mode: 'create',
    text,
    made: `persona ${id}`,
    preview: `/personas/${id}`,
  };
}

/** A slug id no entry of the collection has. */
function freeSlug(entries: readonly RawEntry[], collection: string, title: string): string {
  const taken = new Set(of(entries, collection).map((entry) => entry.id));
  const base = slugify(title) || 'new';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

function personaIdsOf(entries: readonly RawEntry[], options: ScaffoldOptions): RawEntry {
  const personas = of(entries, 'personas');
  const found = personas.find((entry) => entry.data['id'] === (options.persona ?? 1));
  if (!found) throw new ScaffoldError(`--persona must be the id of a persona: ${list(personas.map((entry) => Number(entry.data['id'])))}.`);
  return found;
}

function appendTo(root: string, file: string, lines: string[]): string {
  const current = readFileSync(join(root, file), 'utf8');
  return `${current.endsWith('\n') ? '' : '\n'}${lines.join('\n')}\n`;
}

function objection(root: string, entries: readonly RawEntry[], options: ScaffoldOptions): Scaffold {
  const file = 'content/sales-kit/objections.yaml';
  const who = personaIdsOf(entries, options);
  const id = freeSlug(entries, 'objections', options.title ?? 'new objection');
  const situation = of(entries, 'salesSituations')[0];
  const lines = [
    `- id: ${id}`,
    `  review: ${reviewLine(options)}`,
    `  category: ${OBJECTION_CATEGORIES[0]}         # ${OBJECTION_CATEGORIES.join(', ')}`,
    `  objection: ${quoted(options.title ?? "Write the objection in the buyer's words")}`,
    `  response: ${quoted('Write the response: acknowledge, clarify, respond (lesson 603).')}`,
    `  proofPoint: ${quoted('Write the evidence a prospect could check: a product fact, a case-study figure, an ICP rule.')}`,
    `  followUp: ${quoted('Write the question to ask next?')}`,
    `  personaIds: [${String(who.data['id'])}]`,
    `  situationIds: [${String(situation?.data['id'] ?? situation?.id ?? 'budget-pushback')}]`,
  ];
  return {
    file,
    mode: 'append',
    text: appendTo(root, file, lines),
    made: `objection ${id}`,
    preview: `/sales-kit/objections?persona=${String(who.data['id'])}`,
  };
}

function discoveryQuestion(root: string, entries: readonly RawEntry[], options: ScaffoldOptions): Scaffold {
  const file = 'content/sales-kit/discovery-questions.yaml';
  const who = personaIdsOf(entries, options);
  const id = freeSlug(entries, 'discoveryQuestions', options.title ?? 'new question');
  const lines = [
    `- id: ${id}`,
    `  review: ${reviewLine(options)}`,
    `  stage: ${DISCOVERY_STAGES[0]}          # ${DISCOVERY_STAGES.join(', ')}`,
    `  question: ${quoted(options.title ?? 'Write the open question as the rep asks it?')}`,
    `  whyAsk: ${quoted('Write what the answer tells the rep and where it leads.')}`,
    `  goodAnswer: ${quoted('"Write what a good answer sounds like, as the prospect would say it."')}`,
    `  segmentIds: [${String(who.data['buyerSegmentId'])}]`,
    `  personaIds: [${String(who.data['id'])}]`,
  ];
  return {
    file,
    mode: 'append',
    text: appendTo(root, file, lines),
    made: `discovery question ${id}`,
    preview: `/sales-kit/discovery-questions?persona=${String(who.data['id'])}`,
  };
}

/** The scaffold of one new entry under `root` (the project folder). */
export function scaffold(root: string, options: ScaffoldOptions): Scaffold {
  const { entries } = readContent(root);
  checkOwner(entries, options.owner);
  switch (options.kind) {
    case 'lesson':
      return lesson(entries, options);
    case 'quiz':
      return quiz(entries, options);
    case 'quiz-question':
      return quizQuestion(root, entries, options);
    case 'persona':
      return persona(entries, options);
    case 'objection':
      return objection(root, entries, options);
    case 'discovery-question':
      return discoveryQuestion(root, entries, options);
  }
}

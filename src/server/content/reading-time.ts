/**
 * A lesson's minutes, computed from what it asks of the learner (content/README.md "Reading time";
 * docs/decisions.md): its prose read at 200 words a minute, plus one minute for each knowledge check
 * (read the question and options, answer, open and read the explanation), plus, for a quiz lesson, one
 * minute for each question of its quiz. Rounded up to whole minutes, at least one. Words inside a
 * knowledge check are not counted as prose: the check's minute covers them.
 */
const WORDS_PER_MINUTE = 200;
const MINUTES_PER_KNOWLEDGE_CHECK = 1;
const MINUTES_PER_QUIZ_QUESTION = 1;

const KNOWLEDGE_CHECK = /<KnowledgeCheck\b[\s\S]*?\/>/g;

/** How many knowledge checks an MDX body has. */
export const knowledgeChecksIn = (body: string): number => (body.match(KNOWLEDGE_CHECK) ?? []).length;

/** The words a learner reads in an MDX body: prose only, without knowledge checks, tags, link targets or import lines. */
export function proseWords(body: string): number {
  return body
    .replace(KNOWLEDGE_CHECK, ' ')
    .replace(/^(import|export) .*$/gm, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes for a lesson with this MDX body and, for a quiz lesson, this many quiz questions. */
export function lessonMinutes(body: string, quizQuestions = 0): number {
  const minutes = proseWords(body) / WORDS_PER_MINUTE + knowledgeChecksIn(body) * MINUTES_PER_KNOWLEDGE_CHECK + quizQuestions * MINUTES_PER_QUIZ_QUESTION;
  return Math.max(1, Math.ceil(minutes));
}

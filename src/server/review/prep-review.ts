// The three review questions of a meeting's prep page (docs/product.md "Your calendar"): questions of the
// bank on buyers and qualification, those that speak of the meeting's persona and situation first. Answered
// there, they count as review like an answer on /review (source `review`), whether due or not.
import type { ReviewQuestion } from '~/shared/api/review';
import { HttpError } from '~/server/errors';
import { getQuestionBank, publicQuestion, type BankQuestion } from './question-bank';
import { recordAnswers } from './review-state';

const PREP_QUESTIONS = 3;
/** The quiz categories of the material a prep page shows. */
const PREP_TOPICS: ReadonlySet<string> = new Set(['Buyer Personas', 'Buyer Segments', 'Ideal Customer Profile']);

export const PREP_REVIEW_MESSAGES = { unanswered: 'Answer all three questions.' } as const;

export interface PrepVerdict {
  questionId: string;
  correct: boolean;
  explanation: string;
}

/** The questions of the prep material that share the most of the given words, in bank order among equals. */
function prepItems(questions: readonly BankQuestion[], words: readonly string[]): BankQuestion[] {
  const wanted = words.map((word) => word.toLowerCase()).filter((word) => word.length >= 4);
  const score = (item: BankQuestion) => {
    const text = item.question.text.toLowerCase();
    return wanted.filter((word) => text.includes(word)).length;
  };
  return questions
    .filter((item) => PREP_TOPICS.has(item.quiz.category))
    .map((item) => ({ item, score: score(item) }))
    .sort((a, b) => b.score - a.score || a.item.order - b.item.order)
    .slice(0, PREP_QUESTIONS)
    .map(({ item }) => item);
}

/** The three questions for a prep page, in the person's option order. */
export async function prepQuestions(userId: string, words: readonly string[]): Promise<ReviewQuestion[]> {
  return prepItems((await getQuestionBank()).questions, words).map((item) => publicQuestion(item, userId));
}

/** Grades and records the answers to the page's three questions (option ids by question id); 400 unless all three are answered. */
export async function answerPrepQuestions(
  userId: string,
  words: readonly string[],
  answers: Readonly<Record<string, string>>,
  now: Date,
): Promise<PrepVerdict[]> {
  const items = prepItems((await getQuestionBank()).questions, words);
  const chosen = items.map((item) => item.question.options.find((option) => option.id === answers[item.key]));
  if (chosen.some((option) => option === undefined)) throw new HttpError(400, PREP_REVIEW_MESSAGES.unanswered);
  const recorded = items.map((item, index) => ({
    quizId: item.quiz.id,
    questionId: item.question.id,
    optionId: chosen[index]!.id,
    correct: chosen[index]!.isCorrect,
    confidence: null,
    revision: item.revision,
    materialRevision: item.materialRevision,
  }));
  await recordAnswers(userId, recorded, 'review', now);
  return items.map((item, index) => ({ questionId: item.key, correct: recorded[index]!.correct, explanation: item.question.explanation }));
}

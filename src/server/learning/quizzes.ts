// The quiz bank as the browser may see it (GET /api/quizzes, the quiz pages): no answer keys, no
// explanations, and each question's options in the signed-in user's own order (./option-order.ts).
// Grading and results live in ./quiz-results (by option id, never by position).
import type { PublicQuiz } from '~/shared/api/quizzes';
import { getQuiz, getQuizzes, type Quiz } from '~/server/content/learning';
import { orderOptions, questionKey } from './option-order';

/** A quiz as this user may see it before submission: no isCorrect, no explanation, options in the user's order. */
export function toPublicQuiz(quiz: Quiz, userId: string): PublicQuiz {
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    category: quiz.category,
    difficulty: quiz.difficulty,
    questions: quiz.questions.map((question) => ({
      id: question.id,
      text: question.text,
      options: orderOptions(userId, questionKey(quiz.id, question.id), question.options).map((option) => ({
        id: option.id,
        text: option.text,
      })),
    })),
  };
}

/** What the quizzes list shows of a quiz: no questions, so no option order to compute (~1 ms a request). */
export type QuizSummary = Omit<PublicQuiz, 'questions'> & { questionCount: number };

export async function listQuizSummaries(): Promise<QuizSummary[]> {
  return (await getQuizzes()).map(({ id, title, description, category, difficulty, questions }) => ({
    id,
    title,
    description,
    category,
    difficulty,
    questionCount: questions.length,
  }));
}

export async function listPublicQuizzes(userId: string): Promise<PublicQuiz[]> {
  return (await getQuizzes()).map((quiz) => toPublicQuiz(quiz, userId));
}

export async function getPublicQuiz(id: number, userId: string): Promise<PublicQuiz | null> {
  const quiz = await getQuiz(id);
  return quiz ? toPublicQuiz(quiz, userId) : null;
}

// The quiz bank as the browser may see it (GET /api/quizzes, the quiz pages): no answer keys, no
// explanations. Grading and results live in ./quiz-results.
import type { PublicQuiz } from '~/lib/api/quizzes';
import { getQuiz, getQuizzes, type Quiz } from '~/lib/content/learning';

/** A quiz as the browser may see it before submission: no isCorrect, no explanation. */
export function toPublicQuiz(quiz: Quiz): PublicQuiz {
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    category: quiz.category,
    difficulty: quiz.difficulty,
    questions: quiz.questions.map((question) => ({
      id: question.id,
      text: question.text,
      options: question.options.map((option) => ({ id: option.id, text: option.text })),
    })),
  };
}

export async function listPublicQuizzes(): Promise<PublicQuiz[]> {
  return (await getQuizzes()).map(toPublicQuiz);
}

export async function getPublicQuiz(id: number): Promise<PublicQuiz | null> {
  const quiz = await getQuiz(id);
  return quiz ? toPublicQuiz(quiz) : null;
}

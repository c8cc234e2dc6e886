// The order a user sees a question's options in (docs/decisions.md "Option order"). Fixed per question
// and user — the same on every visit, retake and page — but different between users and between
// questions, so a key cannot be learned or shared by position ("it's always the second one"). Grading
// never looks at positions: answers are option ids.
//
// How: each option gets a rank, the SHA-256 of (user id, question key, option id); options are shown by
// rank. Deterministic, needs no storage, and the same for any caller:
//   orderOptions(user.id, `${quiz.id}:${question.id}`, question.options)
// The question key must be unique across the bank: "{quizId}:{questionId}" (the daily challenge id).
import { createHash } from 'node:crypto';

const rank = (userId: string, questionKey: string, optionId: string): string =>
  createHash('sha256').update(`${userId}\u0000${questionKey}\u0000${optionId}`).digest('hex');

/** The options in this user's order for this question (a new array; the input is not changed). */
export function orderOptions<T extends { id: string }>(userId: string, questionKey: string, options: readonly T[]): T[] {
  return options
    .map((option) => ({ option, rank: rank(userId, questionKey, option.id) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .map(({ option }) => option);
}

/** The key of a quiz question in the bank: question ids are unique only within their quiz. */
export const questionKey = (quizId: number, questionId: string): string => `${quizId}:${questionId}`;

import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import type { PublicQuiz } from '~/lib/api/quizzes';

/**
 * Hydration happens when the browser is idle: keep an option picked in the server-rendered first
 * question before it. Returns the ref for the element holding that question's radios.
 */
export function useKeptBeforeHydration(quiz: PublicQuiz, setSelections: Dispatch<SetStateAction<Record<string, string>>>) {
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    const picked = card.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    const first = quiz.questions[0];
    if (picked && first) setSelections((prev) => (prev[first.id] ? prev : { ...prev, [first.id]: picked.value }));
  }, [quiz, setSelections]);
  return card;
}

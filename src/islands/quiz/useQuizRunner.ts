// The quiz's state: the question shown, the picks, and submitting for grading on the server.
import { useEffect, useRef, useState } from 'react';
import type { PublicQuiz, SubmitQuizRequest, SubmitQuizResponse } from '~/shared/api/quizzes';
import { ApiError, apiRequest } from '~/stores/api-client';
import { showToast } from '~/shared/toast';
import { useKeptBeforeHydration } from '../shared/useKeptBeforeHydration';

type Phase = 'answering' | 'submitting' | 'result';

/**
 * One Idempotency-Key per submission: sent again when the person retries after a failure, so the server
 * stores it once; a changed answer, a success or a retake starts a new one.
 */
function useSubmissionKey(selections: Readonly<Record<string, string>>) {
  const key = useRef<string | null>(null);
  useEffect(() => {
    key.current = null;
  }, [selections]);
  return {
    take: () => (key.current ??= crypto.randomUUID()),
    forget: () => {
      key.current = null;
    },
  };
}

export function useQuizRunner(quiz: PublicQuiz) {
  const [current, setCurrent] = useState(0);
  const [selections, setSelections] = useState<Record<string, string>>({});
  const [phase, setPhase] = useState<Phase>('answering');
  const [result, setResult] = useState<SubmitQuizResponse | null>(null);
  // After Next/Previous, focus the new question so it is read out; not on first render.
  const legend = useRef<HTMLLegendElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) legend.current?.focus();
  }, [current]);
  // After Retake quiz the results are gone: the first question takes the focus.
  const retaken = useRef(false);
  useEffect(() => {
    if (phase === 'answering' && retaken.current) legend.current?.focus();
    retaken.current = false;
  }, [phase]);
  // An option picked in the server-rendered first question before hydration.
  const card = useKeptBeforeHydration<HTMLElement>((element) => {
    const picked = element.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    const first = quiz.questions[0];
    if (picked && first) setSelections((prev) => (prev[first.id] ? prev : { ...prev, [first.id]: picked.value }));
  });

  const goTo = (index: number) => {
    moved.current = true;
    setCurrent(Math.min(Math.max(0, index), quiz.questions.length - 1));
  };

  const submission = useSubmissionKey(selections);
  const select = (questionId: string, optionId: string) => setSelections((prev) => ({ ...prev, [questionId]: optionId }));

  async function submit() {
    setPhase('submitting');
    const idempotencyKey = submission.take();
    try {
      // Graded on the server. The results list (the quizzes page) is rendered by the server, so it is
      // fresh on the next visit without a refetch here.
      const body: SubmitQuizRequest = {
        quizId: quiz.id,
        answers: quiz.questions.map((q) => ({ questionId: q.id, selectedOptionId: selections[q.id] ?? null })),
      };
      const graded = await apiRequest<SubmitQuizResponse>('POST', '/api/quiz-results', body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      submission.forget();
      setResult(graded);
      setPhase('result');
      window.scrollTo?.({ top: 0 });
    } catch (error) {
      setPhase('answering');
      const message = error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
      showToast({ title: 'Failed to submit quiz', description: message, variant: 'destructive' });
    }
  }

  /** Retake quiz: a clean start on the first question, which takes the focus. */
  function retake() {
    retaken.current = true;
    setSelections({});
    setResult(null);
    setCurrent(0);
    setPhase('answering');
    window.scrollTo?.({ top: 0 });
  }

  return { current, selections, phase, result, card, legend, goTo, select, submit, retake };
}

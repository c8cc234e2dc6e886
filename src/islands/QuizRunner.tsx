// Quiz taking (SPEC §2 Quiz taking, §4 Quiz flow, §5, §8): one question at a time, single choice, graded on
// the server. Props carry the quiz WITHOUT answer keys; the review arrives with the graded result.
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '~/lib/browser/api-client';
import type { PublicQuiz, SubmitQuizResponse } from '~/lib/api/quizzes';
import { submitQuiz } from '~/stores/quiz-results';
import { showToast } from '~/stores/toasts';

interface Props {
  quiz: PublicQuiz;
}

type Phase = 'answering' | 'submitting' | 'result';

/** SPEC §9: (current + 1) / total as a percent. */
export const progressPercent = (current: number, total: number) => (total > 0 ? Math.round(((current + 1) / total) * 100) : 0);

function BackToQuizzes() {
  return (
    <a href="/quizzes" className="btn btn-outline">
      Back to Quizzes
    </a>
  );
}

function ResultScreen({ quiz, result, selections }: { quiz: PublicQuiz; result: SubmitQuizResponse; selections: Record<string, string> }) {
  // The Submit button is gone: move focus to the results so keyboard and screen reader users land on them.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="quiz-result-heading">
      <div className="card-body gap-6">
        <div className="text-center">
          <h2 id="quiz-result-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold">
            Quiz Results
          </h2>
          <p className="text-5xl font-bold text-primary" data-testid="quiz-score">
            {result.score}%
          </p>
          <p className="mt-2">
            You got {result.correctAnswers} out of {result.totalQuestions} questions correct
          </p>
        </div>
        <ol className="flex flex-col gap-4">
          {quiz.questions.map((question, index) => {
            const review = result.review.find((item) => item.questionId === question.id);
            const answer = result.answers.find((item) => item.questionId === question.id);
            const selectedId = answer?.selectedOptionId ?? selections[question.id] ?? null;
            const textOf = (id: string | null | undefined) => question.options.find((option) => option.id === id)?.text ?? '';
            const correct = answer?.isCorrect === true;
            return (
              <li
                key={question.id}
                className={`rounded-box border p-4 ${correct ? 'border-success/50 bg-success/5' : 'border-error/50 bg-error/5'}`}
                data-testid="quiz-review-item"
              >
                <p className="font-medium">
                  {index + 1}. {question.text}
                </p>
                <p className={`mt-1 text-sm font-semibold ${correct ? 'text-success' : 'text-error'}`}>
                  {correct ? 'Correct' : 'Incorrect'}
                </p>
                <p className="mt-2 text-sm">
                  <span className="font-semibold">Correct answer:</span> {textOf(review?.correctOptionId)}
                </p>
                {!correct && (
                  <p className="text-sm">
                    <span className="font-semibold">Your answer:</span> {selectedId ? textOf(selectedId) : 'Not answered'}
                  </p>
                )}
                {review?.explanation && <p className="mt-2 text-sm opacity-80">{review.explanation}</p>}
              </li>
            );
          })}
        </ol>
        <div className="flex justify-center">
          <BackToQuizzes />
        </div>
      </div>
    </section>
  );
}

export default function QuizRunner({ quiz }: Props) {
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
  // Hydration happens when the browser is idle: keep an option picked before it.
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    const picked = card.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    const first = quiz.questions[0];
    if (picked && first) setSelections((prev) => (prev[first.id] ? prev : { ...prev, [first.id]: picked.value }));
  }, [quiz]);
  const goTo = (index: number) => {
    moved.current = true;
    setCurrent(Math.min(Math.max(0, index), quiz.questions.length - 1));
  };

  if (phase === 'result' && result) return <ResultScreen quiz={quiz} result={result} selections={selections} />;

  const total = quiz.questions.length;
  const question = quiz.questions[current];
  if (!question || !question.text.trim()) {
    return (
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body items-start gap-4">
          <p>No question available</p>
          <BackToQuizzes />
        </div>
      </div>
    );
  }

  const selected = selections[question.id];
  const isLast = current === total - 1;
  const submitting = phase === 'submitting';

  async function submit() {
    setPhase('submitting');
    try {
      const graded = await submitQuiz({
        quizId: quiz.id,
        answers: quiz.questions.map((q) => ({ questionId: q.id, selectedOptionId: selections[q.id] ?? null })),
      });
      setResult(graded);
      setPhase('result');
      window.scrollTo?.({ top: 0 });
    } catch (error) {
      setPhase('answering');
      const message = error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
      showToast({ title: 'Failed to submit quiz', description: message, variant: 'destructive' });
    }
  }

  const percent = progressPercent(current, total);
  return (
    <section
      ref={card}
      className="card border border-base-300 bg-base-100"
      aria-label={`${quiz.title}: question ${current + 1} of ${total}`}
    >
      <div className="card-body gap-5">
        <div>
          <div className="mb-1 flex justify-between text-sm opacity-80">
            <span>
              Question {current + 1} of {total}
            </span>
            <span>{percent}%</span>
          </div>
          <progress className="progress progress-primary w-full" value={percent} max={100} aria-label="Quiz progress" />
        </div>
        <fieldset className="flex flex-col gap-3" disabled={submitting}>
          <legend ref={legend} tabIndex={-1} className="mb-3 text-lg font-semibold">
            {question.text}
          </legend>
          {question.options.length === 0 ? (
            <p>No options available for this question.</p>
          ) : (
            question.options.map((option) => (
              <label
                key={option.id}
                className={`flex cursor-pointer items-center gap-3 rounded-box border p-3 transition-colors ${selected === option.id ? 'border-primary bg-primary/10' : 'border-base-300 hover:bg-base-200'}`}
              >
                <input
                  type="radio"
                  className="radio radio-primary"
                  name={`question-${question.id}`}
                  value={option.id}
                  checked={selected === option.id}
                  onChange={() => setSelections((prev) => ({ ...prev, [question.id]: option.id }))}
                />
                <span>{option.text}</span>
              </label>
            ))
          )}
        </fieldset>
        <div className="flex flex-wrap justify-between gap-2">
          <button type="button" className="btn btn-outline" disabled={current === 0 || submitting} onClick={() => goTo(current - 1)}>
            Previous
          </button>
          {isLast ? (
            <button type="button" className="btn btn-primary" disabled={!selected || submitting} onClick={() => void submit()}>
              {submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {submitting ? 'Submitting' : 'Submit Quiz'}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" disabled={!selected} onClick={() => goTo(current + 1)}>
              Next Question
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

// The graded quiz: the score, the verdict and the actions, then every question with the
// correct answer, the user's answer when it was wrong, and the explanation.
import { useEffect, useRef } from 'react';
import type { PublicQuiz, SubmitQuizResponse } from '~/shared/api/quizzes';
import { ResultActions } from './ResultActions';

interface Props {
  quiz: PublicQuiz;
  result: SubmitQuizResponse;
  selections: Record<string, string>;
  lessonsHref: string | null;
  onRetake: () => void;
}

export function ResultScreen({ quiz, result, selections, lessonsHref, onRetake }: Props) {
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
        <ResultActions score={result.score} lessonsHref={lessonsHref} onRetake={onRetake} />
        <h3 className="text-base font-semibold">Your answers</h3>
        <ol className="flex flex-col gap-4">
          {quiz.questions.map((question, index) => (
            <QuestionReview key={question.id} question={question} number={index + 1} result={result} selections={selections} />
          ))}
        </ol>
      </div>
    </section>
  );
}

interface ReviewProps {
  question: PublicQuiz['questions'][number];
  /** 1-based, as shown. */
  number: number;
  result: SubmitQuizResponse;
  selections: Record<string, string>;
}

function QuestionReview({ question, number, result, selections }: ReviewProps) {
  const review = result.review.find((item) => item.questionId === question.id);
  const answer = result.answers.find((item) => item.questionId === question.id);
  // The graded answer is authoritative; the local pick covers a review without one.
  const selectedId = answer?.selectedOptionId ?? selections[question.id] ?? null;
  const textOf = (id: string | null | undefined) => question.options.find((option) => option.id === id)?.text ?? '';
  const correct = answer?.isCorrect === true;
  if (answer?.heldBack) return <HeldBackItem number={number} text={question.text} selected={textOf(selectedId)} />;
  return (
    <li
      className={`rounded-box border p-4 ${correct ? 'border-success/50 bg-success/5' : 'border-error/50 bg-error/5'}`}
      data-testid="quiz-review-item"
    >
      <p className="font-medium">
        {number}. {question.text}
      </p>
      <p className={`mt-1 text-sm font-semibold ${correct ? 'text-success' : 'text-error'}`}>{correct ? 'Correct' : 'Incorrect'}</p>
      <p className="mt-2 text-sm">
        <span className="font-semibold">Correct answer:</span>{' '}
        {review?.correctOptionId ? textOf(review.correctOptionId) : 'shown once you have answered it'}
      </p>
      {!correct && (
        <p className="text-sm">
          <span className="font-semibold">Your answer:</span> {selectedId ? textOf(selectedId) : 'Not answered'}
        </p>
      )}
      {review?.explanation && <p className="mt-2 text-sm opacity-80">{review.explanation}</p>}
    </li>
  );
}

/** The person's daily challenge, unanswered today: not graded here, its answer not shown, until they answer it. */
function HeldBackItem({ number, text, selected }: { number: number; text: string; selected: string }) {
  return (
    <li className="rounded-box border border-base-300 p-4" data-testid="quiz-review-item">
      <p className="font-medium">
        {number}. {text}
      </p>
      <p className="mt-1 text-sm font-semibold">Not graded yet</p>
      <p className="mt-2 text-sm" data-testid="held-back">
        This question is your daily challenge today: answer it on the dashboard to see the right answer. It is not counted in this score.
      </p>
      {selected && (
        <p className="text-sm">
          <span className="font-semibold">Your answer:</span> {selected}
        </p>
      )}
    </li>
  );
}

// Quiz taking (docs/product.md "Quiz taking (/quizzes/{id})"): one question at a time, single choice, graded on
// the server. Props carry the quiz WITHOUT answer keys; the review arrives with the graded result.
// Its parts live in ./quiz/: the state (useQuizRunner), the question, the navigation, the result screen.
import type { PublicQuiz } from '~/shared/api/quizzes';
import { NoQuestion } from './quiz/NoQuestion';
import { QuestionFieldset } from './quiz/QuestionFieldset';
import { QuizNavigation } from './quiz/QuizNavigation';
import { QuizProgress } from './quiz/QuizProgress';
import { ResultScreen } from './quiz/ResultScreen';
import { useQuizRunner } from './quiz/useQuizRunner';

interface Props {
  quiz: PublicQuiz;
  /** The lesson list of the quiz's module, for "Review the lesson" on the results. */
  lessonsHref?: string | null;
}

/** (current + 1) / total as a percent (docs/product.md "Constants"). */
export const progressPercent = (current: number, total: number) => (total > 0 ? Math.round(((current + 1) / total) * 100) : 0);

export default function QuizRunner({ quiz, lessonsHref = null }: Props) {
  const { current, selections, phase, result, card, legend, goTo, select, submit, retake } = useQuizRunner(quiz);

  if (phase === 'result' && result) {
    return <ResultScreen quiz={quiz} result={result} selections={selections} lessonsHref={lessonsHref} onRetake={retake} />;
  }

  const total = quiz.questions.length;
  const question = quiz.questions[current];
  if (!question || !question.text.trim()) return <NoQuestion />;

  const submitting = phase === 'submitting';
  return (
    <section
      ref={card}
      className="card border border-base-300 bg-base-100"
      aria-label={`${quiz.title}: question ${current + 1} of ${total}`}
    >
      <div className="card-body gap-5">
        <QuizProgress current={current} total={total} percent={progressPercent(current, total)} />
        <QuestionFieldset
          question={question}
          selected={selections[question.id]}
          disabled={submitting}
          legendRef={legend}
          onSelect={(optionId) => select(question.id, optionId)}
        />
        <QuizNavigation
          isFirst={current === 0}
          isLast={current === total - 1}
          answered={Boolean(selections[question.id])}
          submitting={submitting}
          onPrevious={() => goTo(current - 1)}
          onNext={() => goTo(current + 1)}
          onSubmit={() => void submit()}
        />
      </div>
    </section>
  );
}

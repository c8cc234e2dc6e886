// What a learner does after a quiz, shown before the per-question review: the verdict against
// the pass mark, then Retake quiz, Review the lesson (the lessons of the quiz's module) and Back to Quizzes.
import { PASS_MARK, passes } from '~/shared/learning/pass-mark';
import { BackToQuizzes } from './BackToQuizzes';

interface Props {
  score: number;
  /** The lesson list of the quiz's module, or null when the quiz has no module. */
  lessonsHref: string | null;
  onRetake: () => void;
}

export function ResultActions({ score, lessonsHref, onRetake }: Props) {
  const passed = passes(score);
  return (
    <div className="flex flex-col items-center gap-4">
      <p
        className={`rounded-box px-4 py-2 text-center font-semibold ${passed ? 'bg-success/15 text-success-content' : 'bg-warning/20 text-warning-content'}`}
        data-testid="quiz-verdict"
      >
        {passed
          ? `Passed: ${score}% meets the ${PASS_MARK}% pass mark.`
          : `Not passed yet: the pass mark is ${PASS_MARK}%. Review the lesson and retake the quiz.`}
      </p>
      <div className="flex flex-wrap justify-center gap-2" data-testid="quiz-result-actions">
        <button type="button" className={`btn ${passed ? 'btn-outline' : 'btn-primary'}`} onClick={onRetake}>
          Retake quiz
        </button>
        {lessonsHref && (
          <a href={lessonsHref} className="btn btn-outline">
            Review the lesson
          </a>
        )}
        <BackToQuizzes />
      </div>
    </div>
  );
}

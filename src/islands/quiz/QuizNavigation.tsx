// Previous, then Next Question, or Submit Quiz on the last question. Moving on needs an answer.
interface Props {
  isFirst: boolean;
  isLast: boolean;
  answered: boolean;
  submitting: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onSubmit: () => void;
}

export function QuizNavigation({ isFirst, isLast, answered, submitting, onPrevious, onNext, onSubmit }: Props) {
  return (
    <div className="flex flex-wrap justify-between gap-2">
      <button type="button" className="btn btn-outline" disabled={isFirst || submitting} onClick={onPrevious}>
        Previous
      </button>
      {isLast ? (
        <button type="button" className="btn btn-primary" disabled={!answered || submitting} onClick={onSubmit}>
          {submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {submitting ? 'Submitting' : 'Submit Quiz'}
        </button>
      ) : (
        <button type="button" className="btn btn-primary" disabled={!answered} onClick={onNext}>
          Next Question
        </button>
      )}
    </div>
  );
}

import { BackToQuizzes } from './BackToQuizzes';

/** A quiz without questions, or a question without text (docs/product.md "Quiz taking (/quizzes/{id})"). */
export function NoQuestion() {
  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body items-start gap-4">
        <p>No question available</p>
        <BackToQuizzes />
      </div>
    </div>
  );
}

import { BackToQuizzes } from './BackToQuizzes';

/** SPEC §8: a quiz without questions, or a question without text. */
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

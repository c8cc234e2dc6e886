// The feedback on a typed answer: one line per rubric item, found or not found with the words that showed it,
// and for a missed item a link to what teaches it; never one overall number. Rendered by the answer island
// and, without JavaScript, by the attempt page.
import type { PracticeFeedback } from '~/shared/api/practice';
import type { RubricItemView } from '~/shared/practice/view';

interface Props {
  rubric: readonly RubricItemView[];
  feedback: readonly PracticeFeedback[];
}

function Verdict({ item, line }: { item: RubricItemView; line: PracticeFeedback | undefined }) {
  if (item.judgedByReviewer || !line) return <span className="badge badge-ghost">Judged by your reviewer</span>;
  return line.found ? <span className="badge badge-success">Found</span> : <span className="badge badge-warning">Not found</span>;
}

export function FeedbackList({ rubric, feedback }: Props) {
  const byItem = new Map(feedback.map((line) => [line.itemId, line]));
  return (
    <ul className="flex flex-col gap-3" aria-label="Feedback on each rubric item" data-testid="practice-feedback">
      {rubric.map((item) => {
        const line = byItem.get(item.id);
        const missed = !item.judgedByReviewer && line !== undefined && !line.found;
        return (
          <li key={item.id} className="rounded-box border border-base-300 p-3" data-testid="feedback-item" data-item={item.id}>
            <div className="flex flex-wrap items-center gap-2">
              <Verdict item={item} line={line} />
              {item.required && <span className="badge badge-outline badge-sm">Required</span>}
            </div>
            <p className="mt-1">{item.does}</p>
            {line?.found && line.evidence.length > 0 && (
              <p className="mt-1 text-sm" data-testid="feedback-evidence">
                Your words: {line.evidence.map((words) => `“${words}”`).join(', ')}
              </p>
            )}
            {missed && (
              <p className="mt-1 text-sm">
                Learn it:{' '}
                <a href={item.teaches.href} className="link link-primary" data-testid="feedback-teaches">
                  {item.teaches.label}
                </a>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

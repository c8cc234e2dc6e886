/** "Question n of total" over the progress bar. */
export function QuizProgress({ current, total, percent }: { current: number; total: number; percent: number }) {
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm opacity-80">
        <span>
          Question {current + 1} of {total}
        </span>
        <span>{percent}%</span>
      </div>
      <progress className="progress progress-primary w-full" value={percent} max={100} aria-label="Quiz progress" />
    </div>
  );
}

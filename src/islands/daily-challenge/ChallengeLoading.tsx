/** Shown while the challenge is fetched in the browser (the page was rendered without one). */
export function ChallengeLoading() {
  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body items-center py-10">
        <span className="loading loading-spinner loading-md text-primary" role="status" aria-label="Loading daily challenge" />
      </div>
    </div>
  );
}

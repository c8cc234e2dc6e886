/** Covers the page while a signed-in session loads the home page. */
export function SessionLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-base-100" data-testid="session-loading">
      <span className="loading loading-spinner loading-lg text-primary" role="status" aria-label="Loading your session" />
    </div>
  );
}

import { useEffect } from 'react';

/**
 * A page restored from the back/forward cache after a sign-in here still shows this form's spinner:
 * it gives way to the page's own session check (src/page-scripts/session-check-on-restore.ts), which
 * covers the page while it checks and goes home when there is a session.
 */
export function useSpinnerClearedOnRestore(setSessionLoading: (loading: boolean) => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSessionLoading(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [setSessionLoading]);
}

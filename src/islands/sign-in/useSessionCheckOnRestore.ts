import { useEffect } from 'react';
import { apiRequest } from '~/lib/browser/api-client';
import type { PublicUser } from '~/lib/api/users';

/**
 * A page restored from the back/forward cache may be stale (the user may have signed in since):
 * re-check the session first, and go home when there is one.
 */
export function useSessionCheckOnRestore(setSessionLoading: (loading: boolean) => void): void {
  useEffect(() => {
    const onPageShow = async (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setSessionLoading(true);
      try {
        await apiRequest<PublicUser>('GET', '/api/user');
        window.location.replace('/');
      } catch {
        setSessionLoading(false);
      }
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [setSessionLoading]);
}

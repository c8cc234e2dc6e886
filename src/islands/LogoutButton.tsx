// Sidebar Logout (SPEC §2, §8): POST /api/logout, then /auth with 'Logged out'; 'Logout failed' on error.
import { useState } from 'react';
import { apiRequest, ApiError } from '~/lib/browser/api-client';
import { showToast, showToastAfterNavigation } from '~/stores/toasts';

export default function LogoutButton() {
  const [pending, setPending] = useState(false);

  async function logout() {
    setPending(true);
    try {
      await apiRequest('POST', '/api/logout');
      showToastAfterNavigation({ title: 'Logged out', description: 'You have been logged out successfully' });
      window.location.assign('/auth');
    } catch (error) {
      setPending(false);
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
      showToast({ title: 'Logout failed', description: message, variant: 'destructive' });
    }
  }

  return (
    <button type="button" className="btn btn-ghost btn-sm w-full justify-start gap-2" onClick={logout} disabled={pending}>
      <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
      </svg>
      Logout
    </button>
  );
}

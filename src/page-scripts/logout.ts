// Logout where this script runs: the call goes out with fetch, so a failure (storage down, a network
// error, a refused request) shows the destructive 'Logout failed' toast with its message and leaves the
// person on their page, signed in. Without JavaScript the sidebar's form posts as it is (the server then
// answers with the same toasts after a redirect). Plain fetch, and the toast raised as the window event showToast
// (src/shared/toast.ts) sends: with no import at run time, Astro inlines the script in the page.
import type { ToastEventName, ToastText } from '~/shared/toast';

const TOAST_EVENT: ToastEventName = 'parcelwise:toast';

/** The server's `{ message }`, else "{status}: {body text or status text}". */
async function failureMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const { message } = JSON.parse(text) as { message?: unknown };
    if (typeof message === 'string') return message;
  } catch {
    // not JSON
  }
  return `${response.status}: ${text || response.statusText}`;
}

async function logOut(): Promise<void> {
  let message: string;
  try {
    const response = await fetch('/api/logout', { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (response.ok) {
      window.location.assign('/auth');
      return;
    }
    message = await failureMessage(response);
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  const toast: ToastText = { title: 'Logout failed', description: message, variant: 'destructive' };
  window.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: toast }));
}

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-logout')) return;
  event.preventDefault();
  void logOut();
});

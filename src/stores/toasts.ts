// Toast notifications for every island (SPEC §9): one visible at a time, 5000 ms by default.
// A toast can outlive a navigation (e.g. 'Login successful' shown on / after signing in).
import { atom } from 'nanostores';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
const PENDING_KEY = 'pw:pending-toast';

export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  variant: 'default' | 'destructive';
  durationMs: number;
}

export type ToastInput = Pick<Toast, 'title'> & Partial<Pick<Toast, 'description' | 'variant' | 'durationMs'>>;

export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Shows a toast, replacing older ones beyond the limit; it dismisses itself after its duration. */
export function showToast(input: ToastInput): Toast {
  const toast: Toast = { variant: 'default', durationMs: TOAST_DURATION_MS, ...input, id: nextId++ };
  const kept = [toast, ...$toasts.get()].slice(0, TOAST_LIMIT);
  for (const old of $toasts.get()) if (!kept.includes(old)) dismissToast(old.id);
  $toasts.set(kept);
  if (Number.isFinite(toast.durationMs))
    timers.set(
      toast.id,
      setTimeout(() => dismissToast(toast.id), toast.durationMs),
    );
  return toast;
}

/** Keeps a toast for the next page this tab loads (then navigate). */
export function showToastAfterNavigation(input: ToastInput): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(input));
  } catch {
    // storage disabled: the toast is lost, navigation still happens
  }
}

/** Shows the toast a previous page left for this one, if any. */
export function showPendingToast(): void {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return;
    sessionStorage.removeItem(PENDING_KEY);
    const input = JSON.parse(raw) as ToastInput;
    if (typeof input.title === 'string') showToast(input);
  } catch {
    // ignore malformed or unavailable storage
  }
}

// Toast notifications (docs/product.md "Notifications"): one visible at a time, 5000 ms by default. Islands raise them with
// showToast; src/page-scripts/toaster.ts draws them (and the toast a page came with) without React.
import { atom } from 'nanostores';
import { TOAST_DURATION_MS, TOAST_LIMIT, type ToastText } from '~/lib/toast';

export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  variant: 'default' | 'destructive';
  durationMs: number;
}

export type ToastInput = ToastText & { durationMs?: number };

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
  const toast: Toast = { durationMs: TOAST_DURATION_MS, ...input, variant: input.variant ?? 'default', id: nextId++ };
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

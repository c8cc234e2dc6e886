// What a toast says (docs/product.md "Notifications"), shared by the server (toasts rendered with a page: src/lib/server/flash.ts,
// src/components/Toaster.astro) and the browser (src/stores/toasts.ts, src/page-scripts/toaster.ts).

/** One visible at a time: a new toast replaces the one shown. */
export const TOAST_LIMIT = 1;
/** A toast dismisses itself after 5 s. */
export const TOAST_DURATION_MS = 5000;
/** A swipe right further than this dismisses a toast. */
export const SWIPE_THRESHOLD_PX = 50;

export interface ToastText {
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive' | undefined;
}

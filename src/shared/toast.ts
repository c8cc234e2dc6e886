// What a toast says (docs/product.md "Notifications"), shared by the server (toasts rendered with a page: src/server/accounts/flash.ts,
// src/components/Toaster.astro) and the browser, where islands and page scripts raise toasts with showToast and the
// viewport's script (src/page-scripts/toaster.ts) shows them.

export interface ToastText {
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive' | undefined;
}

/**
 * The window event that carries a toast to the viewport. The viewport's script imports no module an island imports, so
 * it stays small enough to be inlined in every page instead of being fetched before the first paint; it names the event
 * with this type, so the two cannot drift apart.
 */
export type ToastEventName = 'parcelwise:toast';
const TOAST_EVENT: ToastEventName = 'parcelwise:toast';

/** Shows a toast: one at a time, the newest replacing the one shown, each for 5 s (src/page-scripts/toaster.ts). */
export function showToast(toast: ToastText): void {
  window.dispatchEvent(new window.CustomEvent<ToastText>(TOAST_EVENT, { detail: toast }));
}

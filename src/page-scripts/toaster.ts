// The toast viewport's behaviour (docs/product.md "Notifications") without React, so reading pages need none for it
// (src/components/Toaster.astro renders the viewport and a toast a navigation left). It shows one toast at a time, 5 s
// each: the toast in the HTML on start, then those islands and page scripts raise (showToast in src/shared/toast.ts, a
// window event), drawn from the same <template>. F8 focuses the viewport; a swipe right past 50 px, or the button,
// dismisses a toast. It imports nothing at run time, so Astro inlines it in the page: no request before the first paint.
import type { ToastEventName, ToastText } from '~/shared/toast';

/** One visible at a time: a new toast replaces the one shown. */
export const TOAST_LIMIT = 1;
/** A toast dismisses itself after 5 s. */
export const TOAST_DURATION_MS = 5000;
/** A swipe right further than this dismisses a toast. */
export const SWIPE_THRESHOLD_PX = 50;
const TOAST_EVENT: ToastEventName = 'parcelwise:toast';

/** Dragging follows the pointer to the right; letting go past the threshold dismisses. */
function enableSwipe(item: HTMLElement, dismiss: () => void): void {
  let start: number | null = null;
  const follow = (offset: number) => {
    item.style.transform = offset ? `translateX(${offset}px)` : '';
    item.style.opacity = offset ? String(Math.max(0.2, 1 - offset / 200)) : '';
  };
  item.addEventListener('pointerdown', (event) => {
    if ((event.target as Element | null)?.closest('button')) return; // the button clicks, it does not drag
    start = event.clientX;
    item.setPointerCapture?.(event.pointerId);
  });
  item.addEventListener('pointermove', (event) => {
    if (start !== null) follow(Math.max(0, event.clientX - start));
  });
  item.addEventListener('pointerup', (event) => {
    const distance = start === null ? 0 : event.clientX - start;
    start = null;
    if (distance > SWIPE_THRESHOLD_PX) dismiss();
    else follow(0);
  });
  item.addEventListener('pointercancel', () => {
    start = null;
    follow(0);
  });
  item.querySelector('button')?.addEventListener('click', dismiss);
}

/** A toast raised in the browser, drawn like the server's (the template is an empty ToastItem). */
function draw(template: HTMLTemplateElement, toast: ToastText): HTMLElement {
  const item = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const variant = toast.variant ?? 'default';
  item.setAttribute('role', variant === 'destructive' ? 'alert' : 'status');
  item.dataset['variant'] = variant;
  if (variant === 'destructive') {
    item.classList.remove('bg-base-100', 'border-base-300');
    item.classList.add('alert-error');
  }
  item.querySelector('[data-toast-title]')!.textContent = toast.title;
  const description = item.querySelector<HTMLElement>('[data-toast-description]')!;
  description.textContent = toast.description ?? '';
  description.hidden = !toast.description;
  return item;
}

/** Starts the viewport; answers how to stop it (tests). */
export function mountToaster(region: HTMLElement): () => void {
  const list = region.querySelector<HTMLElement>('[data-testid="toasts"]')!;
  const template = region.querySelector('template')!;
  const shown = new Map<HTMLElement, ReturnType<typeof setTimeout>>();
  const dismiss = (item: HTMLElement) => {
    clearTimeout(shown.get(item));
    shown.delete(item);
    item.remove();
  };
  const show = (item: HTMLElement) => {
    for (const older of [...shown.keys()].slice(0, Math.max(0, shown.size - TOAST_LIMIT + 1))) dismiss(older);
    if (!item.isConnected) list.prepend(item);
    shown.set(
      item,
      setTimeout(() => dismiss(item), TOAST_DURATION_MS),
    );
    enableSwipe(item, () => dismiss(item));
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'F8') return;
    event.preventDefault();
    region.focus();
  };
  const onToast = (event: Event) => show(draw(template, (event as CustomEvent<ToastText>).detail));
  window.addEventListener('keydown', onKey);
  window.addEventListener(TOAST_EVENT, onToast);
  // The toast the page came with: its 5 s start now. Screen readers announce what changes in a live region, not what
  // it held at load: put the same text back in, so it is read out like one an island raises.
  for (const item of list.querySelectorAll<HTMLElement>(':scope > [data-variant]')) {
    show(item);
    for (const line of item.querySelectorAll('p')) line.replaceWith(line.cloneNode(true));
  }
  return () => {
    for (const item of [...shown.keys()]) clearTimeout(shown.get(item));
    window.removeEventListener('keydown', onKey);
    window.removeEventListener(TOAST_EVENT, onToast);
  };
}

// The toast viewport's behaviour (docs/product.md "Notifications") without React, so reading pages need none for it
// (src/components/Toaster.astro renders the viewport and a toast a navigation left): the store
// (src/stores/toasts.ts) decides what is shown — one at a time, 5 s each — and this draws it. The toast
// in the HTML joins the store on start; islands' toasts (showToast) are drawn from the same <template>.
// F8 focuses the viewport; a swipe right past 50 px, or the button, dismisses a toast.
import { SWIPE_THRESHOLD_PX } from '~/lib/toast';
import { $toasts, dismissToast, showToast, type Toast } from '~/stores/toasts';

/** Dragging follows the pointer to the right; letting go past the threshold dismisses. */
function enableSwipe(item: HTMLElement, id: number): void {
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
    if (distance > SWIPE_THRESHOLD_PX) dismissToast(id);
    else follow(0);
  });
  item.addEventListener('pointercancel', () => {
    start = null;
    follow(0);
  });
  item.querySelector('button')?.addEventListener('click', () => dismissToast(id));
}

/** A toast raised in the browser, drawn like the server's (the template is an empty ToastItem). */
function draw(template: HTMLTemplateElement, toast: Toast): HTMLElement {
  const item = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const destructive = toast.variant === 'destructive';
  item.setAttribute('role', destructive ? 'alert' : 'status');
  item.dataset['variant'] = toast.variant;
  if (destructive) {
    item.classList.remove('bg-base-100', 'border-base-300');
    item.classList.add('alert-error');
  }
  item.querySelector('[data-toast-title]')!.textContent = toast.title;
  const description = item.querySelector<HTMLElement>('[data-toast-description]')!;
  description.textContent = toast.description ?? '';
  description.hidden = !toast.description;
  return item;
}

/** The toast the page came with: into the store (its 5 s start now), and announced. */
function adopt(item: HTMLElement, drawn: Map<number, HTMLElement>): void {
  const text = (selector: string) => item.querySelector(selector)?.textContent?.trim() || undefined;
  const toast = showToast({
    title: text('[data-toast-title]') ?? '',
    description: text('[data-toast-description]'),
    variant: item.dataset['variant'] === 'destructive' ? 'destructive' : 'default',
  });
  drawn.set(toast.id, item);
  enableSwipe(item, toast.id);
  // Screen readers announce what changes in a live region, not what it held at load: put the same
  // text back in, so the toast is read out like one an island raises.
  for (const line of item.querySelectorAll('p')) line.replaceWith(line.cloneNode(true));
}

/** Starts the viewport; answers how to stop it (tests). */
export function mountToaster(region: HTMLElement): () => void {
  const list = region.querySelector<HTMLElement>('[data-testid="toasts"]')!;
  const template = region.querySelector('template')!;
  const drawn = new Map<number, HTMLElement>();
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'F8') return;
    event.preventDefault();
    region.focus();
  };
  window.addEventListener('keydown', onKey);
  for (const item of list.querySelectorAll<HTMLElement>(':scope > [data-variant]')) adopt(item, drawn);
  const unsubscribe = $toasts.subscribe((toasts) => {
    for (const [id, item] of drawn) {
      if (toasts.some((toast) => toast.id === id)) continue;
      item.remove();
      drawn.delete(id);
    }
    for (const toast of toasts) {
      if (drawn.has(toast.id)) continue;
      const item = draw(template, toast);
      list.prepend(item);
      drawn.set(toast.id, item);
      enableSwipe(item, toast.id);
    }
  });
  return () => {
    unsubscribe();
    window.removeEventListener('keydown', onKey);
  };
}

// The toast viewport as the server renders it (src/components/Toaster.astro) and this script drives it.
// Rendered in Node (Astro's container renders .astro only there), then driven in a happy-dom window.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Toaster from '~/components/Toaster.astro';
import { showToast, type ToastText } from '~/shared/toast';
import { mountToaster, SWIPE_THRESHOLD_PX, TOAST_DURATION_MS, TOAST_LIMIT } from './toaster';

let window: Window;
let document: Document;
let unmount = () => undefined as void;

async function renderToaster(toast: ToastText | null): Promise<HTMLElement> {
  const container = await AstroContainer.create();
  document.body.innerHTML = await container.renderToString(Toaster, { props: { toast } });
  const region = document.querySelector<HTMLElement>('[data-toaster]')!;
  unmount = mountToaster(region);
  return region;
}

const items = () => [...document.querySelectorAll<HTMLElement>('[data-testid="toasts"] > [data-variant]')];

function swipe(element: HTMLElement, distance: number) {
  const pointer = (type: string, clientX: number) =>
    new window.PointerEvent(type, { clientX, pointerId: 1, bubbles: true }) as unknown as Event;
  element.dispatchEvent(pointer('pointerdown', 100));
  element.dispatchEvent(pointer('pointermove', 100 + distance));
  element.dispatchEvent(pointer('pointerup', 100 + distance));
}

beforeEach(() => {
  vi.useFakeTimers();
  window = new Window();
  document = window.document as unknown as Document;
  vi.stubGlobal('window', window);
});
afterEach(() => {
  unmount();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('keeps the product’s constants: one toast at a time, 5000 ms, a 50 px swipe', () => {
    expect([TOAST_LIMIT, TOAST_DURATION_MS, SWIPE_THRESHOLD_PX]).toEqual([1, 5000, 50]);
  });

  it('shows the toast the page came with, as a status, and dismisses it after 5 s', async () => {
    await renderToaster({ title: 'Logged out', description: 'You have been logged out successfully' });
    expect(items()).toHaveLength(1);
    expect(items()[0]!.getAttribute('role')).toBe('status');
    expect(items()[0]!.textContent).toContain('You have been logged out successfully');
    vi.advanceTimersByTime(4999);
    expect(items()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(items()).toHaveLength(0);
  });

  it('renders a destructive toast from the server as an alert', async () => {
    await renderToaster({ title: 'Access Denied', description: 'Only administrators.', variant: 'destructive' });
    expect(items()[0]!.getAttribute('role')).toBe('alert');
    expect(items()[0]!.classList.contains('alert-error')).toBe(true);
  });

  it('draws toasts raised by islands, one at a time: a new one replaces the page’s', async () => {
    await renderToaster({ title: 'Login successful', description: 'Welcome back Alex' });
    showToast({ title: 'Lesson completed', description: 'Your progress has been saved' });
    expect(items().map((item) => item.textContent)).toEqual([expect.stringContaining('Your progress has been saved')]);
    showToast({ title: 'Error', description: 'Failed to update progress', variant: 'destructive' });
    expect(items()).toHaveLength(1);
    expect(items()[0]!.getAttribute('role')).toBe('alert');
    expect(items()[0]!.textContent).toContain('Failed to update progress');
    showToast({ title: 'No description' });
    expect(items()[0]!.querySelector<HTMLElement>('[data-toast-description]')!.hidden).toBe(true);
  });

  it('dismisses on a swipe right past 50 px, not before', async () => {
    await renderToaster({ title: 'Swipe me' });
    swipe(items()[0]!, 50);
    expect(items()).toHaveLength(1);
    expect(items()[0]!.style.transform).toBe('');
    swipe(items()[0]!, 51);
    expect(items()).toHaveLength(0);
  });

  it('F8 moves focus to the notifications region', async () => {
    const region = await renderToaster(null);
    window.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'F8' }));
    expect(document.activeElement).toBe(region);
    expect(region.getAttribute('aria-label')).toBe('Notifications (F8)');
  });

  it('dismisses a raised toast after 5 s, counted from when it was raised; a newer one keeps its own 5 s', async () => {
    await renderToaster(null);
    showToast({ title: 'First' });
    vi.advanceTimersByTime(3000);
    showToast({ title: 'Second' });
    vi.advanceTimersByTime(2000);
    expect(items().map((item) => item.querySelector('[data-toast-title]')!.textContent)).toEqual(['Second']);
    vi.advanceTimersByTime(2999);
    expect(items()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(items()).toHaveLength(0);
  });

  it('stops listening once unmounted', async () => {
    await renderToaster(null);
    unmount();
    unmount = () => undefined;
    showToast({ title: 'Nobody listens' });
    expect(items()).toHaveLength(0);
  });

  it('the close button dismisses', async () => {
    await renderToaster(null);
    showToast({ title: 'Close me' });
    items()[0]!.querySelector('button')!.click();
    expect(items()).toHaveLength(0);
  });
});

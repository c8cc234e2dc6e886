import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, showPendingToast, showToast, showToastAfterNavigation, TOAST_DURATION_MS, TOAST_LIMIT } from './toasts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const toast of $toasts.get()) dismissToast(toast.id);
  vi.useRealTimers();
});

describe('toasts store (SPEC §9)', () => {
  it('shows at most one toast: a new one replaces the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    showToast({ title: 'First' });
    showToast({ title: 'Second', variant: 'destructive' });
    expect($toasts.get().map((t) => [t.title, t.variant])).toEqual([['Second', 'destructive']]);
  });

  it('dismisses a toast after 5000 ms by default', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    showToast({ title: 'Saved' });
    vi.advanceTimersByTime(4999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('keeps a toast for the next page load, once', () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    });
    showToastAfterNavigation({ title: 'Login successful', description: 'Welcome back Alex' });
    expect($toasts.get()).toHaveLength(0);
    showPendingToast();
    expect($toasts.get()[0]).toMatchObject({ title: 'Login successful', description: 'Welcome back Alex', variant: 'default' });
    dismissToast($toasts.get()[0]!.id);
    showPendingToast();
    expect($toasts.get()).toHaveLength(0);
    vi.unstubAllGlobals();
  });
});

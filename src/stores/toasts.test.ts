import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '~/lib/toast';
import { $toasts, dismissToast, showToast } from './toasts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const toast of $toasts.get()) dismissToast(toast.id);
  vi.useRealTimers();
});

describe('toasts store', () => {
  it('shows at most one toast: a new one replaces the old', () => {
    expect(TOAST_LIMIT).toBe(1);
    showToast({ title: 'First' });
    showToast({ title: 'Second', variant: 'destructive' });
    expect($toasts.get().map((t) => [t.title, t.variant])).toEqual([['Second', 'destructive']]);
  });

  it('dismisses a toast after 5000 ms by default', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    showToast({ title: 'Saved' });
    expect($toasts.get()[0]).toMatchObject({ title: 'Saved', variant: 'default' });
    vi.advanceTimersByTime(4999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });
});

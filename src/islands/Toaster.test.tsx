// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { $toasts, dismissToast, showToast } from '~/stores/toasts';
import Toaster, { SWIPE_THRESHOLD_PX } from './Toaster';

afterEach(() => {
  for (const toast of $toasts.get()) dismissToast(toast.id);
  cleanup();
});

function swipe(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { clientX: 100, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + distance, pointerId: 1 });
}

describe('Toaster (SPEC §9)', () => {
  it('announces a toast as status, and a destructive one as alert', () => {
    render(<Toaster />);
    act(() => void showToast({ title: 'Lesson completed', description: 'Your progress has been saved' }));
    expect(screen.getByRole('status')).toHaveProperty('textContent', expect.stringContaining('Your progress has been saved'));
    act(() => void showToast({ title: 'Error', description: 'Failed to update progress', variant: 'destructive' }));
    expect(screen.getByRole('alert').textContent).toContain('Failed to update progress');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('dismisses on a swipe right past 50 px, not before', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    render(<Toaster />);
    act(() => void showToast({ title: 'Swipe me' }));
    swipe(screen.getByRole('status'), 50);
    expect(screen.queryByRole('status')).not.toBeNull();
    swipe(screen.getByRole('status'), 51);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('F8 moves focus to the notifications region', () => {
    render(<Toaster />);
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Notifications (F8)');
  });

  it('the close button dismisses', () => {
    render(<Toaster />);
    act(() => void showToast({ title: 'Close me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Close me')).toBeNull();
  });
});

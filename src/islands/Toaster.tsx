// The toast viewport (SPEC §9): F8 focuses it, a swipe right past 50 px dismisses a toast.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { $toasts, dismissToast, showPendingToast, type Toast } from '~/stores/toasts';

export const SWIPE_THRESHOLD_PX = 50;

function ToastItem({ toast }: { toast: Toast }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const destructive = toast.variant === 'destructive';

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = (event: PointerEvent) => {
    const distance = start.current === null ? 0 : event.clientX - start.current;
    start.current = null;
    if (distance > SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    else setOffset(0);
  };

  return (
    <li
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      data-variant={toast.variant}
      className={`alert shadow-lg w-full touch-pan-y select-none items-start ${destructive ? 'alert-error' : 'bg-base-100 border-base-300'}`}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
      }}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="text-sm opacity-90">{toast.description}</p>}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-square"
        aria-label="Dismiss notification"
        onClick={() => dismissToast(toast.id)}
      >
        ✕
      </button>
    </li>
  );
}

export default function Toaster() {
  const toasts = useStore($toasts);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    showPendingToast();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="fixed bottom-4 right-4 z-[100] w-[min(24rem,calc(100vw-2rem))] outline-none"
    >
      <ol className="flex flex-col gap-2" data-testid="toasts">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}

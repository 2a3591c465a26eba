import { useEffect } from 'react';
import { toast, Toaster, useToasterStore } from 'react-hot-toast';

/** At most this many toasts on screen at once (SPEC section 9). */
export const visibleToastLimit = 3;

/**
 * react-hot-toast has no visible-toast limit option, so this dismisses the oldest visible toasts
 * beyond `limit`. The store lists toasts newest first.
 */
export function useToastLimit(limit = visibleToastLimit): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(limit)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts, limit]);
}

/** The app's one toaster: 4 s toasts, 356 px wide, 14 px apart. */
export function AppToaster() {
  useToastLimit();
  return (
    <Toaster
      gutter={14}
      toastOptions={{
        duration: 4000,
        style: { width: 356, maxWidth: 'calc(100vw - 2rem)' },
      }}
    />
  );
}

import { useEffect } from 'react';
import { toast, Toaster, useToasterStore } from 'react-hot-toast';
import { useIsMobile } from '@/hooks/use-is-mobile';

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

/**
 * Below the sticky header on phones (the public header is 4 rem tall, the dashboard's 3.5 rem), so a
 * toast never covers the logo, the balance badge or the account menu there; on wide screens the
 * toasts sit at the top centre, clear of the header's ends.
 */
const belowPhoneHeader = { top: '4.5rem' } as const;

/** The app's one toaster: 4 s toasts, 356 px wide, 14 px apart. */
export function AppToaster() {
  useToastLimit();
  const isMobile = useIsMobile();
  return (
    <Toaster
      gutter={14}
      containerStyle={isMobile ? belowPhoneHeader : undefined}
      toastOptions={{
        duration: 4000,
        style: { width: 356, maxWidth: 'calc(100vw - 2rem)' },
      }}
    />
  );
}

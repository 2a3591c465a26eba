import { useEffect } from 'react';
import { toast, Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST } from '@domain/constants';
import { useIsMobile } from '@/hooks/use-is-mobile';

/** At most this many toasts on screen at once (SPEC section 9). */
export const visibleToastLimit = TOAST.visible;

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
 * On phones the toasts rise from the bottom: at the top a 356 px toast spans the whole screen, so it
 * covered the header's balance badge and account menu, and just below the header it covered the
 * menu drawer's first links (docs/decisions/0150-phones-are-768px-and-below.md). The inset keeps clear of a phone's home
 * indicator. On wide screens they stay at the top centre, clear of the header's ends.
 */
const phoneBottom = { bottom: 'calc(1rem + env(safe-area-inset-bottom, 0px))' } as const;

/**
 * The app's one toaster: 4 s toasts, 356 px wide, 14 px apart (SPEC section 9). A loading toast
 * stays until its wait ends (notify.tsx's `withLoadingToast` turns it into the outcome or dismisses
 * it): the 4 s would otherwise drop it in the middle of a longer wait.
 */
export function AppToaster() {
  useToastLimit();
  const isMobile = useIsMobile();
  return (
    <Toaster
      gutter={TOAST.gap}
      position={isMobile ? 'bottom-center' : 'top-center'}
      containerStyle={isMobile ? phoneBottom : undefined}
      toastOptions={{
        duration: TOAST.durationMs,
        style: { width: TOAST.width, maxWidth: 'calc(100vw - 2rem)' },
        loading: { duration: Infinity },
      }}
    />
  );
}

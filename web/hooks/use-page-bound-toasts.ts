import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * When the path changes, the toasts of the page left behind go (`components/page-toasts.ts`). The
 * module is imported on demand so the toast library stays out of the entry chunk.
 */
export function usePageBoundToasts(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    void import('@/components/page-toasts').then((m) => m.dismissToastsOfOtherPages());
  }, [pathname]);
}

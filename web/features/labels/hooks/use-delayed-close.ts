import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/closed state for a popup that closes `delayMs` after focus leaves it (`closeSoon`): a click
 * on one of its entries lands before it goes, even in browsers that move focus away on mousedown.
 * Opening or closing at once cancels a pending close.
 */
export function useDelayedClose(delayMs: number) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = useCallback(() => clearTimeout(timer.current), []);

  useEffect(() => cancel, [cancel]);

  return {
    open,
    show: useCallback(() => (cancel(), setOpen(true)), [cancel]),
    close: useCallback(() => (cancel(), setOpen(false)), [cancel]),
    closeSoon: useCallback(() => {
      cancel();
      timer.current = setTimeout(() => setOpen(false), delayMs);
    }, [cancel, delayMs]),
  };
}

import { useCallback, useEffect, useState } from 'react';

/**
 * A whole-second countdown: `start(ms)` sets it to the seconds left (rounded up) and it ticks down
 * once a second to 0. Used to lock the sign-in button between attempts (SPEC section 4).
 */
export function useCountdown(): { secondsLeft: number; start: (ms: number) => void } {
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const start = useCallback((ms: number) => setSecondsLeft(Math.ceil(ms / 1000)), []);
  return { secondsLeft, start };
}

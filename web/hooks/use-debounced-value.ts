import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `ms`: a form being typed into asks the server once it settles, not per keystroke. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

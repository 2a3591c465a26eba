import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/**
 * The `Idempotency-Key` of what the person is sending (a label order, a support request): one per
 * thing they mean to send. The same values submitted again (a double click, a retry after a network
 * error) reuse the key, so the server acts once; changed values are another one and get a new key.
 * `settle()` after an answer that decided it (done, or refused so nothing happened) and after a reset.
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; values: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(values: unknown): string {
        const fingerprint = JSON.stringify(values);
        if (current.current?.values !== fingerprint) current.current = { key: newIdempotencyKey(), values: fingerprint };
        return current.current.key;
      },
      settle(): void {
        current.current = null;
      },
    }),
    [],
  );
}

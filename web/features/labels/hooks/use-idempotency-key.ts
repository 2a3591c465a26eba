import { useMemo, useRef } from 'react';
import { ApiError, isNetworkError } from '@/api-client/client';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/**
 * True when a failed create-label call may still have bought the label: no answer came (network),
 * a 5xx other than the documented 502 (the carrier failed, the order is failed and refunded), or a
 * 409 with Retry-After (the first request with this key is still at work). Only then must a retry
 * carry the same key, so the server answers the first order instead of buying a second label.
 */
export function mayHaveBeenPlaced(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (!(error instanceof ApiError)) return false;
  return (error.status >= 500 && error.status !== 502) || (error.status === 409 && error.retryAfterSeconds !== undefined);
}

/**
 * The `Idempotency-Key` of the order the person is placing: one per order they mean to place. The
 * same values submitted again (a double click, a retry after a network error) reuse the key, so the
 * server never buys twice; changed values are another order and get a new key. `settle()` after an
 * answer that decided the order (placed, or refused so nothing was bought) and after a form reset.
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

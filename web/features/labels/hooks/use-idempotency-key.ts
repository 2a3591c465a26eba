import { ApiError, isNetworkError } from '@/api-client/client';

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

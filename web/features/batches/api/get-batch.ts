import { useApiQuery, type ApiKey } from '@/api-client/swr-config';
import type { ApiBatch } from '@domain/api/batches';
import { isInProgress } from '../lib/batch-figures';

/** How often a batch being bought (or waiting for its card payment) is asked for again. */
export const batchPollMs = 1_000;

export const batchKey = (batchId: string): ApiKey<'GET /shipping/batches/{batchId}'> => ['GET /shipping/batches/{batchId}', { params: { batchId } }];

/**
 * One of the caller's batches. Polled every second while it runs or waits for its card payment, so
 * the progress bar and each row's status follow the worker; still otherwise.
 */
export function useBatch(batchId: string) {
  return useApiQuery(batchKey(batchId), {
    refreshInterval: (batch?: ApiBatch) => (batch && isInProgress(batch) ? batchPollMs : 0),
  });
}

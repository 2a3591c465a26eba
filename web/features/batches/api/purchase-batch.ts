import type { BatchPurchaseAnswer } from '@domain/api/batches';
import type * as z from '@domain/schemas/zod';
import type { batchPurchaseSchema } from '@domain/schemas/batches';
import { apiRequest } from '@/api-client/client';

export type BatchPurchaseBody = z.input<typeof batchPurchaseSchema>;

/**
 * POST /shipping/batches/{batchId}/purchase: buys every valid row. The same `idempotencyKey` again
 * (a doubled click, a retry after a lost answer) answers the first purchase instead of a second one.
 */
export function purchaseBatch(batchId: string, body: BatchPurchaseBody, idempotencyKey: string): Promise<BatchPurchaseAnswer> {
  return apiRequest('POST /shipping/batches/{batchId}/purchase', { params: { batchId }, body, headers: { 'Idempotency-Key': idempotencyKey } });
}

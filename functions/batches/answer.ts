/** A stored batch and its rows as the API answers them (domain/api/batches.ts `Batch`). */
import type { ApiBatch } from '../../domain/api/batches';
import { findService } from '../../domain/postage/services';
import type { StoredBatch, StoredRow } from '../data/batches';

export function toApiBatch(batch: StoredBatch, rows: readonly StoredRow[]): ApiBatch {
  return {
    batchId: batch.id,
    status: batch.status,
    createdAt: batch.createdAt,
    rows: rows.map((r) => ({
      row: r.row,
      valid: r.valid,
      errors: r.errors,
      priceCents: r.priceCents,
      service: r.service ?? null,
      serviceName: r.service ? (findService(r.service)?.name ?? null) : null,
      status: r.status,
      fields: r.fields,
      shipOrderId: r.shipOrderId,
      tracking: r.tracking,
      error: r.error,
    })),
    // What the valid rows still in the batch cost (a row failing at the carrier stays counted: it was in the purchase).
    totalCents: rows.reduce((sum, r) => (r.valid && r.status !== 'dropped' && r.priceCents !== null ? sum + r.priceCents : sum), 0),
    counts: {
      toBuy: batch.toBuy,
      bought: rows.filter((r) => r.status === 'bought').length,
      failed: rows.filter((r) => r.status === 'failed').length,
    },
  };
}

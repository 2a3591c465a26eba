/**
 * Batch labels, before buying: read a batch, fix or drop a row while the batch is editable. The
 * upload is ./upload.ts, buying ./purchase.ts, the rows' pricing and purchase ./run.ts.
 */
import { isValid as isUlid } from 'ulid';
import type { ApiBatch } from '../../domain/api/batches';
import type { BatchRowFields } from '../../domain/schemas/batches';
import { listPackages } from '../data/packages';
import { BATCH_MAX_OPEN } from '../../domain/constants';
import { EDITABLE, getBatch, getBatchRow, getBatchRows, putRowWhileEditable, type StoredBatch } from '../data/batches';
import { limitBatchQuotes } from '../accounts/limits';
import { Conflict, NotFound } from '../errors';
import { toApiBatch } from './answer';
import { pricedRow } from './row-quotes';
import { fillParcel } from './rows';

export const NO_BATCH = 'No such batch';
export const TOO_MANY_OPEN = `You have ${BATCH_MAX_OPEN} batches not yet bought (drafts, cancelled or being bought). Buy one of them, or wait until one is done, before uploading another.`;
export const NOT_EDITABLE = 'This batch is being bought or was bought: its rows can no longer change.';
export const BEING_PRICED = 'The rows of this batch are being priced. Try again once they are.';

/** A batch whose rows are being priced changes only once they are: 409 with a short Retry-After. */
export function refuseWhilePricing(batch: StoredBatch): void {
  if (batch.status === 'pricing') throw new Conflict(BEING_PRICED, 2);
}

/** The caller's batch, or 404 (an unknown id, a malformed one, another user's). */
export async function ownBatch(userId: string, batchId: string): Promise<StoredBatch> {
  const batch = isUlid(batchId) ? await getBatch(batchId) : undefined;
  if (!batch || batch.userId !== userId) throw new NotFound(NO_BATCH);
  return batch;
}

/** The caller's batch with its rows, as answered. */
export async function readBatch(userId: string, batchId: string): Promise<ApiBatch> {
  const batch = await ownBatch(userId, batchId);
  return toApiBatch(batch, await getBatchRows(batch.id));
}

/** A row number from the path: a positive whole number, else no such row. */
function rowNumber(text: string): number {
  if (!/^\d{1,7}$/.test(text)) throw new NotFound('No such row');
  return Number(text);
}

/**
 * Replaces a row's cells (filled from the saved packages, judged and quoted again here: one quote;
 * a dropped row comes back), while the batch is editable. Each fix is counted on the batch quotes'
 * rate (429 beyond). A carrier that cannot quote answers 502 and the row stays as it was.
 */
export async function fixRow(userId: string, batchId: string, rowText: string, fields: BatchRowFields, sourceIp?: string): Promise<ApiBatch> {
  const batch = await ownBatch(userId, batchId);
  const row = rowNumber(rowText);
  // Only a row that exists in an editable batch is quoted (a carrier call); the write checks both again.
  refuseWhilePricing(batch);
  if (!EDITABLE.includes(batch.status)) throw new Conflict(NOT_EDITABLE);
  if (!(await getBatchRow(batch.id, row))) throw new NotFound('No such row');
  await limitBatchQuotes(userId, sourceIp);
  const filled = fillParcel(fields, await listPackages(userId));
  const result = await putRowWhileEditable(batch.id, await pricedRow(userId, row, filled.fields, undefined, filled.errors));
  if (result === 'missing') throw new NotFound('No such row');
  if (result === 'locked') throw new Conflict(NOT_EDITABLE);
  return readBatch(userId, batchId);
}

/** Leaves a row out of the purchase (status dropped), while the batch is editable. */
export async function dropRow(userId: string, batchId: string, rowText: string): Promise<ApiBatch> {
  const batch = await ownBatch(userId, batchId);
  refuseWhilePricing(batch);
  const row = await getBatchRow(batch.id, rowNumber(rowText));
  if (!row) throw new NotFound('No such row');
  const result = await putRowWhileEditable(batch.id, { ...row, status: 'dropped' });
  if (result === 'missing') throw new NotFound('No such row');
  if (result === 'locked') throw new Conflict(NOT_EDITABLE);
  return readBatch(userId, batchId);
}

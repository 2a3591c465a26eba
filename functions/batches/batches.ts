/**
 * Batch labels, before buying: upload a CSV (parsed, each row judged, stored to be priced by the
 * batch worker), read a batch, fix or drop a row while the batch is editable. Buying is
 * ./purchase.ts, the rows' pricing and purchase ./run.ts.
 */
import { ulid, isValid as isUlid } from 'ulid';
import type { ApiBatch } from '../../domain/api/batches';
import type { BatchRowFields } from '../../domain/schemas/batches';
import { listAddresses } from '../data/addresses';
import { listPackages } from '../data/packages';
import { BATCH_MAX_OPEN } from '../../domain/constants';
import { createBatch, EDITABLE, getBatch, getBatchRow, getBatchRows, putRowWhileEditable, hasBatchSlot, type StoredBatch } from '../data/batches';
import { limitBatchQuotes } from '../accounts/limits';
import { Conflict, NotFound } from '../errors';
import { toApiBatch } from './answer';
import { parseBatchCsv } from './parse';
import { getBatchQueue } from './queue';
import { pricedRow, rowToPrice } from './row-quotes';
import { fillParcel, fillSender } from './rows';

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

/**
 * Stores an uploaded CSV as a batch. The file as a whole must read (400 otherwise, nothing
 * stored); `fromAddressId` names one of the caller's saved addresses, whose fields fill blank sender
 * cells; the caller's saved packages fill parcels (./rows.ts fillParcel, stored filled, so the
 * purchase buys the figures that were priced even when the package changes or goes later). A user
 * with BATCH_MAX_OPEN batches not yet done gets 409 and nothing is stored: each open batch holds up
 * to BATCH_MAX_ROWS stored rows and may hold a purchase, so their number (and the carrier quotes
 * uploads cost) is bounded. No row is quoted here: the valid ones are stored `pricing` in a pricing
 * batch, which the worker quotes in the background (./run.ts) while the page polls, so the answer's
 * time does not grow with the carrier's latency times the rows.
 */
export async function uploadBatch(userId: string, csv: Uint8Array, fromAddressId: string | undefined): Promise<ApiBatch> {
  const addresses = fromAddressId ? await listAddresses(userId) : [];
  const sender = fromAddressId ? addresses.find((a) => a.id === fromAddressId) : undefined;
  if (fromAddressId && !sender) throw new NotFound('No such saved address');
  // A file that cannot be read is refused before any other read.
  const parsed = parseBatchCsv(csv, { senderFromAddress: sender !== undefined });
  // Before judging the rows: a shipper with no place left is refused at once.
  const [slot, packages] = await Promise.all([hasBatchSlot(userId, BATCH_MAX_OPEN), listPackages(userId)]);
  if (!slot) throw new Conflict(TOO_MANY_OPEN);
  const rows = parsed.map((p) => {
    const filled = fillParcel(fillSender(p.fields, sender), packages);
    return rowToPrice(p.row, filled.fields, filled.errors);
  });
  const now = new Date().toISOString();
  const status = rows.some((r) => r.status === 'pricing') ? 'pricing' : 'draft';
  const batch: StoredBatch = { id: ulid(), userId, status, createdAt: now, updatedAt: now, toBuy: 0 };
  if ((await createBatch(batch, rows, BATCH_MAX_OPEN)) === 'full') throw new Conflict(TOO_MANY_OPEN);
  // Stored with a lease: a send that fails here is made again by the scheduled work when it ends.
  if (status === 'pricing') await getBatchQueue().send(batch.id);
  return toApiBatch(batch, rows);
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

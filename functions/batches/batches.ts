/**
 * Batch labels, before buying: upload a CSV (parsed, each row judged and quoted, stored
 * as a draft), read a batch, fix or drop a row while the batch is editable. Buying is ./purchase.ts,
 * the rows' purchase ./run.ts.
 */
import { ulid, isValid as isUlid } from 'ulid';
import type { ApiBatch } from '../../domain/api/batches';
import type { BatchRowFields } from '../../domain/schemas/batches';
import { listAddresses } from '../data/addresses';
import { listPackages } from '../data/packages';
import { BATCH_MAX_OPEN } from '../../domain/constants';
import { createBatch, EDITABLE, getBatch, getBatchRow, getBatchRows, putRowWhileEditable, hasBatchSlot, type StoredBatch } from '../data/batches';
import { Conflict, NotFound } from '../errors';
import { toApiBatch } from './answer';
import { parseBatchCsv } from './parse';
import { pricedRow, pricedRows } from './row-quotes';
import { fillParcel, fillSender } from './rows';

export const NO_BATCH = 'No such batch';
export const TOO_MANY_OPEN = `You have ${BATCH_MAX_OPEN} batches not yet bought (drafts, cancelled or being bought). Buy one of them, or wait until one is done, before uploading another.`;
export const NOT_EDITABLE = 'This batch is being bought or was bought: its rows can no longer change.';

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
 * Stores an uploaded CSV as a draft batch. The file as a whole must read (400 otherwise, nothing
 * stored); `fromAddressId` names one of the caller's saved addresses, whose fields fill blank sender
 * cells; the caller's saved packages fill parcels (./rows.ts fillParcel, stored filled, so the
 * purchase buys the figures that were priced even when the package changes or goes later). A user
 * with BATCH_MAX_OPEN batches not yet done gets 409 and nothing is stored: each open batch holds up
 * to BATCH_MAX_ROWS stored rows and may hold a purchase, so their number is bounded. Each valid row
 * is quoted before anything is stored; a carrier that cannot quote answers 502 (ProviderUnavailable)
 * and nothing is stored: a row is never kept without its price.
 */
export async function uploadBatch(userId: string, csv: Uint8Array, fromAddressId: string | undefined): Promise<ApiBatch> {
  const addresses = fromAddressId ? await listAddresses(userId) : [];
  const sender = fromAddressId ? addresses.find((a) => a.id === fromAddressId) : undefined;
  if (fromAddressId && !sender) throw new NotFound('No such saved address');
  // A file that cannot be read is refused before any other read.
  const parsed = parseBatchCsv(csv, { senderFromAddress: sender !== undefined });
  // Before the quotes: a shipper with no place left costs no carrier calls.
  const [slot, packages] = await Promise.all([hasBatchSlot(userId, BATCH_MAX_OPEN), listPackages(userId)]);
  if (!slot) throw new Conflict(TOO_MANY_OPEN);
  const rows = await pricedRows(
    userId,
    parsed.map((p) => {
      const filled = fillParcel(fillSender(p.fields, sender), packages);
      return { row: p.row, fields: filled.fields, found: filled.errors };
    }),
  );
  const now = new Date().toISOString();
  const batch: StoredBatch = { id: ulid(), userId, status: 'draft', createdAt: now, updatedAt: now, toBuy: 0 };
  if ((await createBatch(batch, rows, BATCH_MAX_OPEN)) === 'full') throw new Conflict(TOO_MANY_OPEN);
  return toApiBatch(batch, rows);
}

/** A row number from the path: a positive whole number, else no such row. */
function rowNumber(text: string): number {
  if (!/^\d{1,7}$/.test(text)) throw new NotFound('No such row');
  return Number(text);
}

/**
 * Replaces a row's cells (filled from the saved packages, judged and quoted again; a dropped row
 * comes back), while the batch is editable. A carrier that cannot quote answers 502 and the row
 * stays as it was.
 */
export async function fixRow(userId: string, batchId: string, rowText: string, fields: BatchRowFields): Promise<ApiBatch> {
  const batch = await ownBatch(userId, batchId);
  const row = rowNumber(rowText);
  // Only a row that exists in an editable batch is quoted (a carrier call); the write checks both again.
  if (!EDITABLE.includes(batch.status)) throw new Conflict(NOT_EDITABLE);
  if (!(await getBatchRow(batch.id, row))) throw new NotFound('No such row');
  const filled = fillParcel(fields, await listPackages(userId));
  const result = await putRowWhileEditable(batch.id, await pricedRow(userId, row, filled.fields, undefined, filled.errors));
  if (result === 'missing') throw new NotFound('No such row');
  if (result === 'locked') throw new Conflict(NOT_EDITABLE);
  return readBatch(userId, batchId);
}

/** Leaves a row out of the purchase (status dropped), while the batch is editable. */
export async function dropRow(userId: string, batchId: string, rowText: string): Promise<ApiBatch> {
  const batch = await ownBatch(userId, batchId);
  const row = await getBatchRow(batch.id, rowNumber(rowText));
  if (!row) throw new NotFound('No such row');
  const result = await putRowWhileEditable(batch.id, { ...row, status: 'dropped' });
  if (result === 'missing') throw new NotFound('No such row');
  if (result === 'locked') throw new Conflict(NOT_EDITABLE);
  return readBatch(userId, batchId);
}

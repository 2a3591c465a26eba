/**
 * Batch upload: a CSV parsed, each row judged, stored as a batch whose valid rows the batch worker
 * prices (./run.ts). Apart from ./batches.ts so that only the upload route, of the routes reading
 * batches, sends to the batch queue (and holds its permission).
 */
import { ulid } from 'ulid';
import type { ApiBatch } from '../../domain/api/batches';
import { BATCH_MAX_OPEN } from '../../domain/constants';
import { listAddresses } from '../data/addresses';
import { createBatch, hasBatchSlot, type StoredBatch } from '../data/batches';
import { listPackages } from '../data/packages';
import { Conflict, NotFound } from '../errors';
import { toApiBatch } from './answer';
import { TOO_MANY_OPEN } from './batches';
import { parseBatchCsv } from './parse';
import { getBatchQueue } from './queue';
import { rowToPrice } from './row-quotes';
import { fillParcel, fillSender } from './rows';

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

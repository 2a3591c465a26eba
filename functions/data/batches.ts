/**
 * Batch labels: an uploaded CSV's rows and the purchase of them. One partition per batch
 * holds the batch item and one item per row (500 rows of cells do not fit DynamoDB's 400 kB item
 * limit, and a row is then fixed or bought with a small write of its own):
 *
 *   batch  pk BATCH#<batchId>  sk BATCH            userId, status, createdAt, updatedAt, toBuy,
 *                                                  paymentMethod?, purchaseKey?, purchasedBy?, entryId?, checkoutUrl?, pdfKey?
 *          pricingFailures? (passes whose carrier could not quote)
 *          while pricing or running: leaseUntil, gsi3pk WORK#batch  gsi3sk <leaseUntil>#<batchId>
 *   ref    pk USER#<userId>    sk BATCHREF#<batchId>  batchId, createdAt, rowCount
 *          (the user's list of batches, newest first as ulids sort by time; written with the batch item)
 *   row    pk BATCH#<batchId>  sk ROW#<0000002>    row, fields, valid, errors, priceCents, status,
 *                                                  shipOrderId, tracking, error; while valid its quote:
 *                                                  quoteId, quoteExpiresAt, service (rates mode)
 *   slots  pk USER#<userId>    sk BATCHSLOTS        taken: batches reserved and not yet seen done
 *          (at most BATCH_MAX_OPEN; never below the user's open batches, see reserveBatchSlot)
 *
 * The batchId is a ulid; a batch is read by id and then checked against the caller (another user's
 * batch answers 404 like an unknown one). Statuses change only by conditional writes on the status
 * they were read in, so two purchases, two workers or a purchase racing an edit settle on one outcome:
 *
 *   (upload) pricing --(every row quoted)--> draft
 *   draft --(credits)--> running --(every row bought or failed)--> done
 *     |  \--(card)--> awaiting_payment --(paid)--> running
 *     |                    '--(checkout cancelled or failed)--> cancelled --(purchase again)--> ...
 *     |-- (purchase with expired quotes, from draft or cancelled) --> pricing
 *     '-- rows fixed or dropped while draft or cancelled
 *
 * A pricing or running batch holds a lease renewed by every chunk of rows its worker finishes; a lease that
 * ends with no progress (the local process restarted, a worker died) puts it in the scheduled work
 * (functions/jobs/), which sends it to the queue again. Rows are bought under the idempotency keys
 * `batch-<batchId>-<row>`, so a second run never buys a row twice.
 */
import type { BatchRowError, BatchRowStatus, BatchStatus } from '../../domain/api/batches';
import type { BatchRowFields } from '../../domain/schemas/batches';
import type { ServiceId } from '../../domain/postage/service-ids';
import {
  BatchGetCommand,
  BatchWriteCommand,
  type BatchWriteCommandInput,
  GetCommand,
  QueryCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName, transact, type Step } from './client';
import { decodeCursor, encodeCursor, type Page } from './pagination';
import { dueItems, workKeys } from './work-index';

export interface StoredBatch {
  id: string;
  userId: string;
  status: BatchStatus;
  createdAt: string;
  updatedAt: string;
  /** Rows the purchase covers (ready when it started); 0 before. */
  toBuy: number;
  paymentMethod?: 'credits' | 'purchase';
  /** The Idempotency-Key of the purchase that started it (for the logs; the status decides). */
  purchaseKey?: string;
  /** The person of the team who started the purchase: the rows' wallet entries name them. */
  purchasedBy?: string;
  /** The card payment's pending top-up entry and checkout, while a card pays first. */
  entryId?: string;
  checkoutUrl?: string;
  /** The merged PDF of every bought label, made when the batch is done (label store key). */
  pdfKey?: string;
  leaseUntil?: string;
  /** Passes of the pricing worker that met a carrier unable to quote (./../batches/run.ts gives up after a few). */
  pricingFailures?: number;
}

export interface StoredRow {
  row: number;
  fields: BatchRowFields;
  valid: boolean;
  errors: BatchRowError[];
  /** The price of its quote (the most buying it may charge), or once bought what its label was charged; null while invalid. */
  priceCents: number | null;
  status: BatchRowStatus;
  shipOrderId: string | null;
  tracking: string | null;
  error: string | null;
  /**
   * The quote the row is bought from (functions/postage/quotes.ts: the signed token) and when it
   * expires; null while invalid. Rows stored before batches were quoted have neither: they are
   * quoted when the batch is bought.
   */
  quoteId?: string | null;
  quoteExpiresAt?: string | null;
  /** Rates mode: the USPS service the row buys (its `service` cell, or the cheapest when it was blank); null in table mode. */
  service?: ServiceId | null;
}

/** How long a pricing or running batch's worker owns it after its last progress: longer than one chunk can take (the worker Lambda's timeout). */
export const BATCH_LEASE_MS = 5 * 60_000;

/** Statuses in which rows may be fixed, dropped, or bought (again). */
export const EDITABLE: readonly BatchStatus[] = ['draft', 'cancelled'];

export const batchKey = (batchId: string) => ({ pk: `BATCH#${batchId}`, sk: 'BATCH' });
/** The pointer under the user's partition that lists the batch (`BATCHREF#`: no other USER# item's sk begins so). */
export const batchRefKey = (userId: string, batchId: string) => ({ pk: `USER#${userId}`, sk: `BATCHREF#${batchId}` });
export const rowKey = (batchId: string, row: number) => ({ pk: `BATCH#${batchId}`, sk: `ROW#${String(row).padStart(7, '0')}` });

function batchFromItem(item: Record<string, unknown>): StoredBatch {
  const { pk: _pk, sk: _sk, entity: _e, gsi3pk: _w, gsi3sk: _d, ...batch } = item;
  return batch as unknown as StoredBatch;
}

function rowFromItem(item: Record<string, unknown>): StoredRow {
  const { pk: _pk, sk: _sk, entity: _e, ...row } = item;
  return row as unknown as StoredRow;
}

const rowItem = (batchId: string, r: StoredRow) => ({ ...rowKey(batchId, r.row), entity: 'batchRow', ...r });

type WriteRequests = NonNullable<BatchWriteCommandInput['RequestItems']>[string];

/**
 * Stores a new batch: its rows first (25 a request), the batch item last, so a batch is visible only
 * once every row is stored (a write that dies mid-way leaves rows no batch item names).
 */
export async function createBatch(batch: StoredBatch, rows: readonly StoredRow[], maxOpen: number): Promise<'created' | 'full'> {
  for (let i = 0; i < rows.length; i += 25) {
    let pending: WriteRequests = rows.slice(i, i + 25).map((r) => ({ PutRequest: { Item: rowItem(batch.id, r) } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 8) throw new Error(`storing rows of batch ${batch.id}: DynamoDB keeps some unprocessed`);
      if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = out.UnprocessedItems?.[tableName()] ?? [];
    }
  }
  // The batch item, the user's pointer to it and their count of batches in one transaction: the list
  // never names a batch that is not stored, and no batch is stored past `maxOpen` (hasBatchSlot).
  const created = await transact([
    {
      name: 'batch',
      item: {
        Put: {
          TableName: tableName(),
          // A batch stored to be priced is the worker's from the start: a worker that never comes is sent again.
          Item: { ...batchKey(batch.id), entity: 'batch', ...batch, ...(batch.status === 'pricing' ? leaseOf(batch.id) : {}) },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'ref',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...batchRefKey(batch.userId, batch.id), entity: 'batchRef', batchId: batch.id, createdAt: batch.createdAt, rowCount: rows.length },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'slots',
      item: {
        Update: {
          TableName: tableName(),
          Key: batchSlotsKey(batch.userId),
          UpdateExpression: 'SET entity = :entity ADD taken :one',
          ConditionExpression: 'attribute_not_exists(taken) OR taken < :max',
          ExpressionAttributeValues: { ':entity': 'batchSlots', ':one': 1, ':max': maxOpen },
        },
      },
    },
  ]);
  if (created.ok) return 'created';
  if (!created.failed.has('slots')) throw new Error(`storing batch ${batch.id}: its id is already taken`);
  // A parallel upload took the last place: the rows written above belong to no batch, so they go.
  await deleteRows(batch.id, rows);
  return 'full';
}

/** Deletes rows stored for a batch that was never stored (25 a request). */
async function deleteRows(batchId: string, rows: readonly StoredRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 25) {
    let pending: WriteRequests = rows.slice(i, i + 25).map((r) => ({ DeleteRequest: { Key: rowKey(batchId, r.row) } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 8) throw new Error(`deleting rows of batch ${batchId}: DynamoDB keeps some unprocessed`);
      if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = out.UnprocessedItems?.[tableName()] ?? [];
    }
  }
}

export const batchSlotsKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'BATCHSLOTS' });

/**
 * Whether the user may store one more batch while keeping at most `max` not done, checked before any
 * of it is stored. `taken` counts the user's batches as createBatch stores them (in the same
 * transaction, on the same condition), so it is never below their open batches; when it reaches
 * `max` the batches are counted again (consistent reads) and the count is written back only if no
 * batch was stored meanwhile. createBatch's own condition on `taken` settles parallel uploads.
 */
export async function hasBatchSlot(userId: string, max: number): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: batchSlotsKey(userId), ConsistentRead: true }));
  const seen = Item ? Number(Item.taken) : undefined;
  if (seen === undefined || seen < max) return true;
  const open = await countOpenBatches(userId);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: batchSlotsKey(userId),
        UpdateExpression: 'SET taken = :open',
        ConditionExpression: 'taken = :seen',
        ExpressionAttributeValues: { ':open': open, ':seen': seen },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    // A batch was stored meanwhile: the next upload counts again.
  }
  return open < max;
}

/** How many of the user's batches are not done, read consistently (their pointers, then their items). */
export async function countOpenBatches(userId: string): Promise<number> {
  let open = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ref)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':ref': 'BATCHREF#' },
        ProjectionExpression: 'batchId',
        ConsistentRead: true,
        Limit: 100,
        ExclusiveStartKey: start,
      }),
    );
    let keys: Record<string, unknown>[] = (out.Items ?? []).map((i) => batchKey(String(i.batchId)));
    for (let attempt = 0; keys.length; attempt++) {
      if (attempt > 8) throw new Error('counting batches: DynamoDB keeps some unprocessed');
      if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const got = await db.send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: { Keys: keys, ConsistentRead: true, ProjectionExpression: '#status', ExpressionAttributeNames: { '#status': 'status' } },
          },
        }),
      );
      open += (got.Responses?.[tableName()] ?? []).filter((i) => i.status !== 'done').length;
      keys = got.UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return open;
}

/** A line of the user's batch list: the batch item as stored, and how many rows were uploaded. */
export interface ListedBatch {
  batch: StoredBatch;
  rowCount: number;
}

/**
 * The user's batches, newest first: one Query of their pointers, then one BatchGet of those batch
 * items for their current status (a page is at most 100, BatchGet's own limit). Rows are not read.
 */
export async function listUserBatches(userId: string, page: { limit: number; cursor?: string }): Promise<Page<ListedBatch>> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ref)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':ref': 'BATCHREF#' },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, { pk: `USER#${userId}` }, undefined, { sk: 'BATCHREF#' }),
    }),
  );
  const refs = (out.Items ?? []).map((i) => ({ batchId: String(i.batchId), rowCount: Number(i.rowCount) }));
  const batches = new Map<string, StoredBatch>();
  let keys: Record<string, unknown>[] = refs.map((r) => batchKey(r.batchId));
  for (let attempt = 0; keys.length; attempt++) {
    if (attempt > 8) throw new Error('reading batches: DynamoDB keeps some unprocessed');
    if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    const got = await db.send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: keys } } }));
    for (const item of got.Responses?.[tableName()] ?? []) {
      const batch = batchFromItem(item);
      batches.set(batch.id, batch);
    }
    keys = got.UnprocessedKeys?.[tableName()]?.Keys ?? [];
  }
  const items = refs.flatMap((r) => {
    const batch = batches.get(r.batchId);
    // The owner is checked again: the pointer sits in the caller's partition, the batch must agree.
    return batch && batch.userId === userId ? [{ batch, rowCount: r.rowCount }] : [];
  });
  return { items, nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** One batch by id (whoever owns it), or undefined. */
export async function getBatch(batchId: string): Promise<StoredBatch | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: batchKey(batchId), ConsistentRead: true }));
  return Item ? batchFromItem(Item) : undefined;
}

/** Every row of a batch, in row order. */
export async function getBatchRows(batchId: string): Promise<StoredRow[]> {
  const rows: StoredRow[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :row)',
        ExpressionAttributeValues: { ':pk': `BATCH#${batchId}`, ':row': 'ROW#' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    rows.push(...(out.Items ?? []).map(rowFromItem));
    start = out.LastEvaluatedKey;
  } while (start);
  return rows;
}

/** One row, or undefined. */
export async function getBatchRow(batchId: string, row: number): Promise<StoredRow | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: rowKey(batchId, row), ConsistentRead: true }));
  return Item ? rowFromItem(Item) : undefined;
}

/**
 * Replaces a row, only while its batch is in one of `statuses` and the row exists, in one
 * transaction: an edit racing a purchase, or a quote racing the end of pricing, lands before it or
 * is refused.
 */
async function putRowWhile(batchId: string, row: StoredRow, statuses: readonly BatchStatus[]): Promise<'ok' | 'locked' | 'missing'> {
  const done = await transact([
    {
      name: 'batch.status',
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: batchKey(batchId),
          ConditionExpression: `#status IN (${statuses.map((_, i) => `:s${i}`).join(', ')})`,
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: Object.fromEntries(statuses.map((status, i) => [`:s${i}`, status])),
        },
      },
    },
    {
      name: 'batch.row',
      item: { Put: { TableName: tableName(), Item: rowItem(batchId, row), ConditionExpression: 'attribute_exists(pk)' } },
    },
  ]);
  if (done.ok) return 'ok';
  return done.failed.has('batch.status') ? 'locked' : 'missing';
}

/** Replaces a row while its batch is editable (draft or cancelled): a shipper's fix or drop. */
export const putRowWhileEditable = (batchId: string, row: StoredRow) => putRowWhile(batchId, row, EDITABLE);

/** Replaces a row while its batch is being priced: the pricing worker's quote of it. */
export const putRowWhilePricing = (batchId: string, row: StoredRow) => putRowWhile(batchId, row, ['pricing']);

/** A conditional update of the batch item. */
interface BatchUpdate {
  batchId: string;
  set: Record<string, unknown>;
  remove?: string[];
  from: readonly BatchStatus[];
  /** A further condition, its values named `:c...` in `conditionValues`. */
  extraCondition?: string;
  conditionValues?: Record<string, unknown>;
}

/** The Update of the batch item that moves it only from one of `from`. */
function batchUpdate(input: BatchUpdate) {
  const names: Record<string, string> = { '#status': 'status' };
  const values: Record<string, unknown> = { ...input.conditionValues };
  const sets = Object.entries(input.set).map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  const froms = input.from.map((s, i) => {
    values[`:f${i}`] = s;
    return `:f${i}`;
  });
  const removes = (input.remove ?? []).map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  return {
    TableName: tableName(),
    Key: batchKey(input.batchId),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: `#status IN (${froms.join(', ')})${input.extraCondition ? ` AND ${input.extraCondition}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** Sends a batchUpdate; false when its condition did not hold. */
async function updateBatch(input: BatchUpdate): Promise<boolean> {
  try {
    await db.send(new UpdateCommand(batchUpdate(input)));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The lease attributes of a pricing or running batch: its expiry and its place in the work index. */
const leaseOf = (batchId: string, now = new Date()) => {
  const leaseUntil = new Date(now.getTime() + BATCH_LEASE_MS).toISOString();
  return { leaseUntil, ...workKeys('batch', batchId, leaseUntil) };
};

/** Starts buying a batch paid from the wallet (from draft or cancelled, once): false when it was not in one of those. */
export const startRunning = (
  batchId: string,
  from: readonly BatchStatus[],
  fields: Pick<StoredBatch, 'toBuy' | 'purchaseKey' | 'paymentMethod' | 'purchasedBy'>,
) => updateBatch({ batchId, from, set: { status: 'running', ...fields, updatedAt: new Date().toISOString(), ...leaseOf(batchId) } });

/** Reserves the batch for a card payment (from draft or cancelled, once), before the checkout starts. */
export const startAwaitingPayment = (batchId: string, fields: Pick<StoredBatch, 'toBuy' | 'purchaseKey' | 'paymentMethod' | 'purchasedBy'>) =>
  updateBatch({
    batchId,
    from: EDITABLE,
    set: { status: 'awaiting_payment', ...fields, updatedAt: new Date().toISOString() },
    remove: ['entryId', 'checkoutUrl'],
  });

/** Records the checkout a card pays through (the batch waits for its webhook). */
export const attachCheckout = (batchId: string, entryId: string, checkoutUrl: string) =>
  updateBatch({ batchId, from: ['awaiting_payment'], set: { entryId, checkoutUrl, updatedAt: new Date().toISOString() } });

/** The card payment went through: the batch starts running (once, and only for that payment's entry). */
export const paidAndRunning = (batchId: string, entryId: string) =>
  updateBatch({
    batchId,
    from: ['awaiting_payment'],
    set: { status: 'running', updatedAt: new Date().toISOString(), ...leaseOf(batchId) },
    // Or no entry recorded yet: the purchase died between starting the checkout and recording it.
    extraCondition: '(entryId = :cEntry OR attribute_not_exists(entryId))',
    conditionValues: { ':cEntry': entryId },
  });

/**
 * The card payment did not go through (cancelled, refused, or never started): nothing was bought, the
 * batch is `cancelled` and its rows may be fixed and bought again. `entryId` undefined: no checkout started.
 */
export async function cancelAwaiting(batchId: string, entryId: string | undefined, options: { withoutEntry?: boolean } = {}): Promise<boolean> {
  const condition = entryId
    ? { extraCondition: 'entryId = :cEntry', conditionValues: { ':cEntry': entryId } }
    : options.withoutEntry
      ? { extraCondition: 'attribute_not_exists(entryId)' }
      : {};
  return updateBatch({
    batchId,
    from: ['awaiting_payment'],
    set: { status: 'cancelled', updatedAt: new Date().toISOString() },
    remove: ['checkoutUrl'],
    ...condition,
  });
}

/** The worker made progress: its lease starts again (only while pricing or running). */
export const renewLease = (batchId: string, now = new Date()) =>
  updateBatch({ batchId, from: ['pricing', 'running'], set: { updatedAt: now.toISOString(), ...leaseOf(batchId, now) } });

/** Rows whose quotes expired are to be quoted again before a purchase (from draft or cancelled, once). */
export const startPricing = (batchId: string) =>
  updateBatch({ batchId, from: EDITABLE, set: { status: 'pricing', pricingFailures: 0, updatedAt: new Date().toISOString(), ...leaseOf(batchId) } });

/** A pricing pass met a carrier that could not quote: counted, and the lease renewed for the next pass. */
export const countPricingFailure = (batchId: string, failures: number) =>
  updateBatch({ batchId, from: ['pricing'], set: { pricingFailures: failures, updatedAt: new Date().toISOString(), ...leaseOf(batchId) } });

/** Every row is priced (or could not be): the batch is a draft again, to be checked and bought; it leaves the work index. */
export const finishPricing = (batchId: string) =>
  updateBatch({
    batchId,
    from: ['pricing'],
    set: { status: 'draft', updatedAt: new Date().toISOString() },
    remove: ['leaseUntil', 'gsi3pk', 'gsi3sk', 'pricingFailures'],
  });

/**
 * Every row is bought or failed: the batch is done, with its merged PDF if it has labels, and leaves
 * the work index, in one transaction with `also` (the batch.completed delivery of the webhook
 * outbox); false when it was no longer running (another worker finished it).
 */
export async function finishBatch(batchId: string, pdfKey: string | undefined, also: readonly Step[] = []): Promise<boolean> {
  const update = batchUpdate({
    batchId,
    from: ['running'],
    set: { status: 'done', updatedAt: new Date().toISOString(), ...(pdfKey ? { pdfKey } : {}) },
    remove: ['leaseUntil', 'gsi3pk', 'gsi3sk'],
  });
  const done = await transact([{ name: 'batch', item: { Update: update } }, ...also]);
  if (done.ok) return true;
  if (done.failed.has('batch')) return false;
  throw new Error(`batch ${batchId} not finished: ${[...done.failed].join(', ')}`);
}

/** How buying a row ended, as setRowOutcome records it. */
export type RowOutcome = Pick<StoredRow, 'status' | 'shipOrderId' | 'tracking' | 'error'> & Partial<Pick<StoredRow, 'valid' | 'errors' | 'priceCents'>>;

/** The update that records a row's outcome (named `batch.row`): only from `ready`, so a second run never changes an outcome. */
export function rowOutcomeStep(batchId: string, row: number, outcome: RowOutcome): Step {
  const fields = Object.entries(outcome);
  return {
    name: 'batch.row',
    item: {
      Update: {
        TableName: tableName(),
        Key: rowKey(batchId, row),
        UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: '#status = :ready',
        ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k])) },
        ExpressionAttributeValues: { ':ready': 'ready', ...Object.fromEntries(fields.map(([, v], i) => [`:v${i}`, v])) },
      },
    },
  };
}

/** Records how buying a row ended (rowOutcomeStep); false when the row was no longer ready. */
export async function setRowOutcome(batchId: string, row: number, outcome: RowOutcome): Promise<boolean> {
  try {
    await db.send(new UpdateCommand(rowOutcomeStep(batchId, row, outcome).item.Update as UpdateCommandInput));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Ids of pricing or running batches whose lease ended before `now` with no progress, the earliest first. */
export async function stalledBatchIds(now: Date, limit: number): Promise<string[]> {
  const items = await dueItems('batch', now, limit);
  return items.map((i) => String(i.id));
}

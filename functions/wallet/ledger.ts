/**
 * The ledger's entries: their keys, how they are stored and read, and the provider references that
 * find an entry from a webhook. Entries that move money are written only by the balance steps in
 * ./wallet.ts, in the same transaction as the balance; pending entries (a payment not yet made)
 * move nothing and are written here.
 *
 *   entry        pk USER#<userId>              sk TXN#<ulid>  gsi1pk TXNTYPE#<type>#<shard>  gsi1sk <createdAt>#<id>
 *                (tied to a label: gsi2pk TXNORDER#<userId>#<orderId>  gsi2sk <type>#<createdAt>#<id>, the label's few entries by type;
 *                once completed, balanceAfterCents: the spendable balance right after it, written by ./wallet.ts)
 *                (a settled card top-up also keeps paymentIntent; once a withdrawal or its label's refund pays it back, refundedCents;
 *                once refunded from Stripe's dashboard, externalRefundedCents; once disputed, disputeId,
 *                disputeStatus open|won|lost and disputeEntryId, the dispute's own entry)
 *   payment ref  pk PAYREF#<provider>#<ref>    sk PAYREF      userId, entryId   (find an entry from a provider's id)
 *   intent ref   pk PAYINTENT#<paymentIntent>  sk PAYINTENT   userId, entryId   (find a card top-up from a dispute or a refund)
 */
import { encodeTime } from 'ulid';
import { increasingIds } from '../data/ids';
import type { DisputeStatus, EntryActor, EntryStatus, EntryType, LedgerEntry, PaymentProvider } from '../../domain/api/wallet';
import type { ExportRange } from '../../domain/schemas/exports';
import { addDays } from '../../domain/ship-date';
import { idBefore, idPast, placeInRange } from '../exports/date-range';
import { queryMatches } from '../data/filtered-query';
import type { User } from '../../domain/api/users';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName, type Step } from '../data/client';
import { ownedAmountFromItem, textAttribute } from '../data/owned-amount';
import { decodeCursor, encodeCursor, type Page } from '../data/pagination';
import type { IndexName } from '../data/table';
import { moveToStableShards, nextShard, shardedMatchesPage, shardedPage, type ShardBackfill } from '../data/shards';

export const entryKey = (userId: string, entryId: string) => ({ pk: `USER#${userId}`, sk: `TXN#${entryId}` });
/** Every user's entries of one type: a sharded key (../data/shards.ts), since every label writes one. */
const typeIndex = (type: EntryType) => `TXNTYPE#${type}`;
const paymentRefKey = (provider: PaymentProvider, ref: string) => ({ pk: `PAYREF#${provider}#${ref}`, sk: 'PAYREF' });

/** A label's entries (its debit, its card payment, its refunds and postage adjustments): a handful, read together by a receipt. */
const orderIndex = (userId: string, orderId: string) => `TXNORDER#${userId}#${orderId}`;

/** An entry as stored: the spendable balance right after it, once the wallet completed it. */
export type StoredEntry = LedgerEntry & { balanceAfterCents?: number };

function toItem(e: StoredEntry) {
  const sortKey = `${e.createdAt}#${e.id}`;
  const byOrder = e.orderId ? { gsi2pk: orderIndex(e.userId, e.orderId), gsi2sk: `${e.type}#${sortKey}` } : {};
  return { ...entryKey(e.userId, e.id), entity: 'ledgerEntry', gsi1pk: nextShard(typeIndex(e.type)), gsi1sk: sortKey, ...byOrder, ...e };
}

function fromItem(item: Record<string, unknown>): LedgerEntry {
  const s = (k: string) => textAttribute(item, k);
  return {
    ...ownedAmountFromItem(item),
    type: item.type as EntryType,
    creditType: s('creditType'),
    paymentType: s('paymentType'),
    status: item.status as LedgerEntry['status'],
    orderId: s('orderId'),
    provider: s('provider') as PaymentProvider | null,
    providerRef: s('providerRef'),
    createdAt: item.createdAt as string,
    completedAt: s('completedAt'),
    // Absent on most entries; left out rather than null, so an entry without them answers without the keys.
    ...(s('reason') ? { reason: s('reason') as string } : {}),
    ...(s('paymentIntent') ? { paymentIntent: s('paymentIntent') as string } : {}),
    ...(item.refundedCents !== undefined ? { refundedCents: Number(item.refundedCents) } : {}),
    ...(item.externalRefundedCents !== undefined ? { externalRefundedCents: Number(item.externalRefundedCents) } : {}),
    ...(s('disputeId') ? { disputeId: s('disputeId') as string } : {}),
    ...(s('disputeStatus') ? { disputeStatus: s('disputeStatus') as DisputeStatus } : {}),
    ...(s('disputeEntryId') ? { disputeEntryId: s('disputeEntryId') as string } : {}),
    ...(isActor(item.actedBy) ? { actedBy: { id: item.actedBy.id, name: item.actedBy.name, email: item.actedBy.email } } : {}),
  };
}

const isActor = (v: unknown): v is EntryActor =>
  typeof v === 'object' && v !== null && ['id', 'name', 'email'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

/**
 * Whose wallet an entry moves (the team's account), and, when a person of the team made it, who:
 * the entry names them (`actedBy`), so the team's ledger says who spent.
 */
export type EntryOwner = Pick<User, 'id' | 'name' | 'email'> & { actor?: EntryActor };

/** Entry ids of this process always increase, also within one millisecond: entries made together (a batch's debits) list in the order they were made. */
const nextEntryId = increasingIds();

/** A new pending entry for `user` (not yet stored). */
export function newEntry(
  user: EntryOwner,
  fields: Pick<LedgerEntry, 'amountCents' | 'type' | 'creditType' | 'paymentType' | 'provider'> & { orderId?: string | null },
): LedgerEntry {
  return {
    ...fields,
    id: nextEntryId(),
    userId: user.id,
    userName: user.name,
    userEmail: user.email,
    status: 'pending',
    orderId: fields.orderId ?? null,
    providerRef: null,
    createdAt: new Date().toISOString(),
    completedAt: null,
    ...(user.actor ? { actedBy: { id: user.actor.id, name: user.actor.name, email: user.actor.email } } : {}),
  };
}

/** The step that stores a new entry (named `wallet.entry`; its id is new, so it never exists). */
export const entryStep = (entry: StoredEntry): Step => ({
  name: 'wallet.entry',
  item: { Put: { TableName: tableName(), Item: toItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } },
});

/** Stores a pending entry (a payment waiting for its provider). Pending entries never touch the balance. */
export async function putPendingEntry(entry: LedgerEntry): Promise<void> {
  await db.send(new PutCommand(entryStep(entry).item.Put!));
}

/** One entry of one user as stored, with its balance after when recorded; undefined when none. */
export async function getStoredEntry(userId: string, entryId: string): Promise<StoredEntry | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: entryKey(userId, entryId) }));
  return Item ? storedEntryOf(Item) : undefined;
}

/** At most this many of a label's entries of one type are read: a label has one debit, one card payment, one refund. */
const ORDER_ENTRIES_READ = 4;

/** A label's entries of `type` (its debit, its card payment, its refund, its card's part back) as stored, oldest first. */
export async function entriesOfOrder(userId: string, orderId: string, type: EntryType): Promise<StoredEntry[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :type)',
      ExpressionAttributeValues: { ':pk': orderIndex(userId, orderId), ':type': `${type}#` },
      Limit: ORDER_ENTRIES_READ,
    }),
  );
  return Items.map(storedEntryOf);
}

/** An entry's item read back, with its balance after when the wallet recorded one. */
function storedEntryOf(item: Record<string, unknown>): StoredEntry {
  const after = item.balanceAfterCents;
  return { ...fromItem(item), ...(typeof after === 'number' ? { balanceAfterCents: after } : {}) };
}

/** One entry of one user, or undefined. */
export async function getEntry(userId: string, entryId: string): Promise<LedgerEntry | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: entryKey(userId, entryId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** Records the provider's id for an entry, both on the entry and as a lookup from that id. */
export async function attachProviderRef(entry: LedgerEntry, provider: PaymentProvider, ref: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...paymentRefKey(provider, ref), entity: 'paymentRef', userId: entry.userId, entryId: entry.id },
    }),
  );
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: entryKey(entry.userId, entry.id),
      UpdateExpression: 'SET providerRef = :ref',
      ExpressionAttributeValues: { ':ref': ref },
    }),
  );
}

/** The entry a provider's payment id belongs to. */
export async function findEntryByProviderRef(provider: PaymentProvider, ref: string): Promise<{ userId: string; entryId: string } | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: paymentRefKey(provider, ref), ConsistentRead: true }));
  return Item ? { userId: Item.userId as string, entryId: Item.entryId as string } : undefined;
}

const paymentIntentKey = (paymentIntent: string) => ({ pk: `PAYINTENT#${paymentIntent}`, sk: 'PAYINTENT' });

/**
 * The step that records which entry Stripe's PaymentIntent paid, written with the payment's
 * completion: a dispute or a refund names the PaymentIntent, never our ids. Overwrites a record of
 * the same PaymentIntent (a replay of the same completion writes the same item).
 */
export const paymentIntentRefStep = (paymentIntent: string, userId: string, entryId: string): Step => ({
  name: 'ledger.paymentIntent',
  item: { Put: { TableName: tableName(), Item: { ...paymentIntentKey(paymentIntent), entity: 'paymentIntentRef', userId, entryId } } },
});

/** The card payment (its entry) a Stripe PaymentIntent paid, or undefined when none of ours did. */
export async function findEntryByPaymentIntent(paymentIntent: string): Promise<{ userId: string; entryId: string } | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: paymentIntentKey(paymentIntent), ConsistentRead: true }));
  return Item ? { userId: Item.userId as string, entryId: Item.entryId as string } : undefined;
}

/** How far from its order's creation a label's card payment entry is looked for: the two are made in one request. */
const ORDER_PAYMENT_WINDOW_MS = 60 * 60_000;

/**
 * The card payment of label order `order` (the top-up entry tied to it: the whole price, or a
 * shortfall), or undefined when it has none. Its entry is made in the request that placed the
 * order, so only the user's entries made within an hour of the order are read.
 */
export async function findOrderPayment(order: { userId: string; id: string; createdAt: string }): Promise<LedgerEntry | undefined> {
  const at = Date.parse(order.createdAt);
  const low = `TXN#${encodeTime(Math.max(at - ORDER_PAYMENT_WINDOW_MS, 0), 10)}${'0'.repeat(16)}`;
  const high = `TXN#${encodeTime(at + ORDER_PAYMENT_WINDOW_MS, 10)}${'Z'.repeat(16)}`;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
        FilterExpression: '#type = :topup AND orderId = :order',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':pk': `USER#${order.userId}`, ':low': low, ':high': high, ':topup': 'topup', ':order': order.id },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    const found = out.Items?.[0];
    if (found) return fromItem(found);
    start = out.LastEvaluatedKey;
  } while (start);
  return undefined;
}

/** Marks a pending entry failed outside any event (the provider refused to start the payment). */
export async function failPendingEntry(userId: string, entryId: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: entryKey(userId, entryId),
        UpdateExpression: 'SET #status = :failed, completedAt = :now',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':now': new Date().toISOString() },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** One page of a Query, newest first; `scope` is the partition read, which a cursor must match. */
async function queryPage(
  input: Omit<QueryCommandInput, 'TableName'>,
  scope: Record<string, string>,
  page: { limit: number; cursor?: string },
  prefixes: Record<string, string>,
): Promise<Page<LedgerEntry>> {
  const startKey = decodeCursor(page.cursor, scope, input.IndexName as IndexName | undefined, prefixes);
  const out = await db.send(new QueryCommand({ TableName: tableName(), ScanIndexForward: false, Limit: page.limit, ExclusiveStartKey: startKey, ...input }));
  return { items: (out.Items ?? []).map(fromItem), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** A user's entries, newest first (ulids sort by time), optionally of one type only. */
export const listUserEntries = (userId: string, page: { limit: number; cursor?: string }, type?: EntryType) =>
  queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :txn)',
      ...(type ? { FilterExpression: '#type = :type', ExpressionAttributeNames: { '#type': 'type' } } : {}),
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':txn': 'TXN#', ...(type ? { ':type': type } : {}) },
    },
    { pk: `USER#${userId}` },
    page,
    { sk: 'TXN#' },
  );

/**
 * Every entry of a user, newest first (a paged Query of the user's TXN# items): what a withdrawal's
 * refunds and a receipt of an entry from before the wallet stored its balance after need.
 */
export async function listWholeLedger(userId: string): Promise<LedgerEntry[]> {
  const all: LedgerEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await listUserEntries(userId, { limit: 500, cursor });
    all.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** Every entry of a user as stored (with the balance after where recorded), oldest first: the balance backfill's read. */
export async function listStoredLedger(userId: string): Promise<StoredEntry[]> {
  const all: StoredEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :txn)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':txn': 'TXN#' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
        // Pages well under DynamoDB's 1 MB: each stays a quick request, however long the ledger.
        Limit: 1000,
      }),
    );
    all.push(...(out.Items ?? []).map(storedEntryOf));
    start = out.LastEvaluatedKey;
  } while (start);
  return all;
}

/** Every user's entries of one type, newest first (admin), from gsi1's shards of the type. */
export const listEntriesByType = async (type: EntryType, page: { limit: number; cursor?: string }): Promise<Page<LedgerEntry>> => {
  const { items, nextCursor } = await shardedPage({ index: 'gsi1', base: typeIndex(type), descending: true, ...page });
  return { items: items.map(fromItem), nextCursor };
};

/** The filters of GET /hoodpay/transactions: a type, a status and a range of days (US Eastern) the entry was made in. */
export type EntryFilters = ExportRange & { type?: EntryType; status?: EntryStatus };

/** The FilterExpression parts of a type and a status, with their names and values. */
function typeAndStatus(filters: EntryFilters, withType: boolean) {
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, string> = {};
  if (withType && filters.type) {
    conditions.push('#type = :type');
    names['#type'] = 'type';
    values[':type'] = filters.type;
  }
  if (filters.status) {
    conditions.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = filters.status;
  }
  return {
    ...(conditions.length ? { FilterExpression: conditions.join(' AND '), ExpressionAttributeNames: names } : {}),
    values,
  };
}

/** The rule in code: DynamoDB's filter checks type and status; the days are checked against createdAt in Eastern time. */
const inRange = (filters: EntryFilters) => (filters.from || filters.to ? { matches: (e: LedgerEntry) => placeInRange(e.createdAt, filters) === 'in' } : {});

/**
 * A user's entries that match the filters, newest first, up to `limit` a page however sparse the
 * matches (functions/data/filtered-query.ts). The days bound the sort key (ulids: time first).
 */
export function findUserEntries(userId: string, filters: EntryFilters, page: { limit: number; cursor?: string }): Promise<Page<LedgerEntry>> {
  const low = `TXN#${filters.from ? idBefore(filters.from) : ''}`;
  const high = `TXN#${filters.to ? idPast(filters.to) : '~'}`;
  const { values, ...filter } = typeAndStatus(filters, true);
  return queryMatches(
    {
      input: {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
        ...filter,
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':low': low, ':high': high, ...values },
      },
      scope: { pk: `USER#${userId}` },
      prefixes: { sk: 'TXN#' },
      bounds: { name: 'sk', low, high },
      fromItem,
      ...inRange(filters),
    },
    page,
  );
}

/**
 * Every user's entries of one type that match a status and days, newest first (admin), from gsi1,
 * whose sort key starts with createdAt: the days bound it, a day to spare each side (UTC dates); up to
 * `limit` a page however sparse the matches, within the read budget (../data/shards.ts shardedMatchesPage).
 */
export async function findEntriesByType(
  type: EntryType,
  filters: Omit<EntryFilters, 'type'>,
  page: { limit: number; cursor?: string },
): Promise<Page<LedgerEntry>> {
  // Status and days are checked in code, so the read budget counts every entry read.
  const range = inRange(filters);
  const filtered = Boolean(filters.status || range.matches);
  const { items, nextCursor } = await shardedMatchesPage({
    index: 'gsi1',
    base: typeIndex(type),
    descending: true,
    from: filters.from ? addDays(filters.from, -1) : '0',
    to: filters.to ? addDays(filters.to, 2) : '~',
    ...(filtered
      ? { matches: (item: Record<string, unknown>) => (!filters.status || item.status === filters.status) && (!range.matches || range.matches(fromItem(item))) }
      : {}),
    ...page,
  });
  return { items: items.map(fromItem), nextCursor };
}

/** What of card top-up `e` no refund has paid back yet: ours (withdrawals) and those made in Stripe's dashboard. */
export const unrefundedCents = (e: LedgerEntry): number => e.amountCents - (e.refundedCents ?? 0) - (e.externalRefundedCents ?? 0);

/**
 * A settled card top-up that can still be refunded: completed, paid through Stripe (or its sandbox)
 * with a PaymentIntent on record, bought wallet credit (not one label), never disputed (a disputed
 * payment is never refunded, whatever the dispute's outcome: the card holder's bank settles it), and
 * not yet refunded in full.
 */
const refundable = (e: LedgerEntry) =>
  e.type === 'topup' && e.status === 'completed' && e.provider === 'stripe' && !!e.paymentIntent && !e.orderId && !e.disputeStatus && unrefundedCents(e) > 0;

/**
 * What of a user's wallet may go back to a card (docs/decisions: what a withdrawal refunds):
 *
 * - `topUps`: the refundable card top-ups, newest first;
 * - `otherCreditsCents`: every credit that is not card money a refund can return: adjustments,
 *   label refunds (less what of them went back to the card that paid for the label), crypto
 *   top-ups, and card top-ups that cannot be refunded for another reason than a refund or a lost
 *   dispute (a won dispute, no PaymentIntent). A card-paid label's payment is left out: its
 *   label's debit spent it at once.
 *
 * Spending is taken to use card money first, so the card money still in a wallet that owes
 * `owedCents` is at most `owedCents - otherCreditsCents`: an admin's credit, a crypto payment or a
 * refund is never paid back to a card, whatever was spent since. Reads the user's whole ledger: an
 * admin's approval, never a hot path.
 */
export async function cardMoneyOf(userId: string): Promise<{ topUps: LedgerEntry[]; otherCreditsCents: number }> {
  const ledger = await listWholeLedger(userId);
  const topUps = ledger.filter(refundable);
  let otherCreditsCents = 0;
  for (const e of ledger) {
    // A label refund's card part went back to the card that paid for the label: only the rest of its credit stayed.
    if (e.type === 'card_refund' && e.orderId && e.status === 'completed') otherCreditsCents += e.amountCents;
    if (e.status !== 'completed' || e.amountCents <= 0 || refundable(e)) continue;
    const card = e.type === 'topup' && e.provider === 'stripe';
    if (card && e.orderId) continue;
    // A card top-up refunded or lost in a dispute: that part left with its debit; what is left of it is money a card cannot get back.
    otherCreditsCents += card ? (e.disputeStatus === 'lost' ? 0 : Math.max(unrefundedCents(e), 0)) : e.amountCents;
  }
  return { topUps, otherCreditsCents };
}

/**
 * The step (named `ledger.refund#<entry id>`) that reserves `cents` of a card top-up for a refund:
 * its `refundedCents` goes from what was read to that plus `cents`, only if nobody changed it since
 * (conditions cannot add, so the new figure is computed here and the old one is the condition), no
 * dashboard refund was recorded since, and no dispute was opened on it since.
 */
export function reserveRefundStep(topUp: LedgerEntry, cents: number): Step {
  const before = topUp.refundedCents ?? 0;
  const external = topUp.externalRefundedCents ?? 0;
  return {
    name: `ledger.refund#${topUp.id}`,
    item: {
      Update: {
        TableName: tableName(),
        Key: entryKey(topUp.userId, topUp.id),
        UpdateExpression: 'SET refundedCents = :after',
        ConditionExpression: [
          '#status = :completed AND attribute_not_exists(disputeStatus)',
          before === 0 ? '(attribute_not_exists(refundedCents) OR refundedCents = :before)' : 'refundedCents = :before',
          external === 0 ? '(attribute_not_exists(externalRefundedCents) OR externalRefundedCents = :external)' : 'externalRefundedCents = :external',
        ].join(' AND '),
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':after': before + cents, ':before': before, ':external': external, ':completed': 'completed' },
      },
    },
  };
}

/**
 * The step (named `ledger.topUp`) that records a dispute's state on the card top-up it disputes:
 * `from` undefined means no dispute was ever recorded on it (the first event of this dispute,
 * whichever it is); `open` means this dispute is open. So each state is entered once, whatever the
 * replays, and a `closed` arriving before its `created` leaves the late `created` nothing to do.
 */
export function disputeMarkStep(
  topUp: Pick<LedgerEntry, 'userId' | 'id'>,
  dispute: { id: string; from: 'open' | undefined; to: DisputeStatus; entryId?: string },
): Step {
  return {
    name: 'ledger.topUp',
    item: {
      Update: {
        TableName: tableName(),
        Key: entryKey(topUp.userId, topUp.id),
        UpdateExpression: `SET disputeStatus = :to, disputeId = :dispute${dispute.entryId ? ', disputeEntryId = :entry' : ''}`,
        ConditionExpression:
          dispute.from === undefined ? 'attribute_exists(pk) AND attribute_not_exists(disputeStatus)' : 'disputeStatus = :from AND disputeId = :dispute',
        ExpressionAttributeValues: {
          ':to': dispute.to,
          ':dispute': dispute.id,
          ...(dispute.entryId ? { ':entry': dispute.entryId } : {}),
          ...(dispute.from ? { ':from': dispute.from } : {}),
        },
      },
    },
  };
}

/**
 * The step (named `ledger.topUp`) that records `after` cents of card top-up `topUp` as refunded from
 * Stripe's dashboard, only if the figure is still the one read (two deliveries debit once) and our
 * own refunds' figure too (the debit was computed from both).
 */
export function externalRefundStep(topUp: LedgerEntry, after: number): Step {
  const before = topUp.externalRefundedCents ?? 0;
  const ours = topUp.refundedCents ?? 0;
  return {
    name: 'ledger.topUp',
    item: {
      Update: {
        TableName: tableName(),
        Key: entryKey(topUp.userId, topUp.id),
        UpdateExpression: 'SET externalRefundedCents = :after',
        ConditionExpression: [
          before === 0 ? '(attribute_not_exists(externalRefundedCents) OR externalRefundedCents = :before)' : 'externalRefundedCents = :before',
          ours === 0 ? '(attribute_not_exists(refundedCents) OR refundedCents = :ours)' : 'refundedCents = :ours',
        ].join(' AND '),
        ExpressionAttributeValues: { ':after': after, ':before': before, ':ours': ours },
      },
    },
  };
}

/**
 * The step (named `ledger.refund#<entry id>`) that gives back `cents` a withdrawal or a label's
 * refund reserved of a card top-up and will not refund (the card provider refused: the payment is
 * disputed or too old), only if the figure is still the one read.
 */
export function releaseRefundStep(topUp: LedgerEntry, cents: number): Step {
  const before = topUp.refundedCents ?? 0;
  return {
    name: `ledger.refund#${topUp.id}`,
    item: {
      Update: {
        TableName: tableName(),
        Key: entryKey(topUp.userId, topUp.id),
        UpdateExpression: 'SET refundedCents = :after',
        ConditionExpression: 'refundedCents = :before',
        ExpressionAttributeValues: { ':after': before - cents, ':before': before },
      },
    },
  };
}

/** Moves an entry written before the type index was sharded (`gsi1pk = TXNTYPE#<type>`) to its stable shard. */
export const backfillEntry: ShardBackfill = (item) => {
  if (item.entity !== 'ledgerEntry' || typeof item.type !== 'string' || item.gsi1pk !== typeIndex(item.type as EntryType)) return undefined;
  return moveToStableShards(item, [['gsi1pk', typeIndex(item.type as EntryType)]], String(item.id));
};

/**
 * An entry tied to a label, written before entries were indexed by their label: given its gsi2 keys,
 * only while it has none.
 */
export const backfillEntryOrderIndex: ShardBackfill = (item) => {
  if (item.entity !== 'ledgerEntry' || item.gsi2pk !== undefined || typeof item.orderId !== 'string' || typeof item.userId !== 'string') return undefined;
  return [
    {
      Update: {
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
        ConditionExpression: 'attribute_not_exists(gsi2pk)',
        ExpressionAttributeValues: { ':pk': orderIndex(item.userId, item.orderId), ':sk': `${String(item.type)}#${String(item.createdAt)}#${String(item.id)}` },
      },
    },
  ];
};

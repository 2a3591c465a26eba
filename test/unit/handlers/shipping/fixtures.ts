/**
 * What the label tests share, on top of the account fixtures (../auth/fixtures) and the payment
 * fixtures (../payments/fixtures): the label form, stored orders, the carrier's answer, and the
 * wallet's invariant as labels need it. A label moves money in both directions (a debit when the
 * order is placed, a refund when the carrier fails, a net-zero settle for a card order), so the
 * check is the general one: every balance change rides in a TransactWrite whose completed ledger
 * entries for that user add up to exactly that change.
 */
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { USER_ID, type TableMock } from '../auth/fixtures';
import { entryItem, NOW, NOW_ISO, sent, statsExpected, TABLE } from '../payments/fixtures';

/** A real ULID for the stored order most tests read. */
export const ORDER_ID = '01JB0000000000000000000001';
export const TRACKING = '9405511899223197428490';
/** The Idempotency-Key most tests send. */
export const IDEMPOTENCY_KEY = 'order-7f3c_2';
/** What the idempotency record's TTL is set to when a request at NOW claims a key. */
export const IDEMPOTENCY_EXPIRES = Math.floor(NOW / 1000) + 7 * 24 * 3600;

/** The label PDF the mocked carrier answers and the mocked store keeps. */
export const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n% PrepaidShip sample label\n%%EOF\n'));

/** The carrier's answer for a bought label. */
export const BOUGHT = { tracking: TRACKING, carrierRef: 'shp_5a1b2c', service: 'USPS Priority Mail', pdf: PDF };

export const FROM = { name: 'Ann Sender', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
export const TO = { name: 'Bo Receiver', street: '5 Broadway', city: 'New York', state: 'NY', zip: '10001', country: 'US' };

/** The label order form: USPS Priority, 2 lb, so 600 cents; paid with wallet credits. */
export const labelForm = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  labelType: 'usps_priority',
  weight: 2,
  height: 4,
  length: 10,
  width: 6,
  date: '2025-06-02',
  from: FROM,
  to: TO,
  paymentMethod: 'credits',
  ...overrides,
});

/**
 * An order item as the table holds it: by default the labelForm() order, placed at NOW and still
 * processing. `status: 'created'` adds what completeOrder writes (tracking, label key, gsi2).
 */
export function orderItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const order = {
    id: ORDER_ID,
    userId: USER_ID,
    labelType: 'usps_priority',
    weightLb: 2,
    lengthIn: 10,
    widthIn: 6,
    heightIn: 4,
    shipDate: '2025-06-02',
    from: FROM,
    to: TO,
    priceCents: 600,
    paymentMethod: 'credits',
    status: 'processing',
    tracking: null,
    carrierRef: null,
    service: null,
    labelKey: null,
    failureReason: null,
    createdAt: NOW_ISO,
    updatedAt: NOW_ISO,
    ...overrides,
  };
  const created =
    order.status === 'created'
      ? {
          tracking: TRACKING,
          carrierRef: BOUGHT.carrierRef,
          service: BOUGHT.service,
          labelKey: `labels/${order.userId}/${order.id}.pdf`,
          gsi2pk: `TRACK#${TRACKING}`,
          gsi2sk: 'ORDER',
          ...overrides,
        }
      : {};
  return { pk: `USER#${order.userId}`, sk: `ORDER#${order.id}`, entity: 'order', ...order, ...created };
}

/** Makes an order readable by its key (getOrder's consistent read). */
export function storeOrder(ddb: TableMock, item: Record<string, unknown> = orderItem()): void {
  ddb.on(GetCommand, { Key: { pk: item.pk, sk: item.sk } }).resolves({ Item: item });
}

/** Makes an idempotency key lead to the order it placed, as placeCreditOrder claims it. */
export function storeIdempotencyKey(ddb: TableMock, key: string, orderId: string, userId = USER_ID): void {
  ddb
    .on(GetCommand, { Key: { pk: `IDEMP#${userId}#${key}`, sk: 'IDEMP' } })
    .resolves({ Item: { pk: `IDEMP#${userId}#${key}`, sk: 'IDEMP', entity: 'idempotency', orderId, expiresAt: IDEMPOTENCY_EXPIRES } });
}

/** A completed wallet entry as a label debit or refund stores it (payments' entryItem, wallet fields). */
export const walletEntryItem = (id: string, type: 'label' | 'refund', amountCents: number, orderId: string) =>
  entryItem({
    id,
    amountCents,
    type,
    creditType: 'Credits',
    paymentType: 'WALLET',
    provider: 'wallet',
    providerRef: null,
    status: 'completed',
    orderId,
    createdAt: NOW_ISO,
    completedAt: NOW_ISO,
  });

/**
 * The TransactWrite items that fail an order of the default user (from processing, so once) and
 * put its 600 cents back in the wallet with the refund entry `refundId`.
 */
export const refundTransaction = (orderId: string, refundId: string, reason: string) => [
  {
    Update: {
      TableName: TABLE,
      Key: { pk: `USER#${USER_ID}`, sk: `ORDER#${orderId}` },
      UpdateExpression: 'SET #status = :failed, failureReason = :reason, updatedAt = :now',
      ConditionExpression: '#status = :processing',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':failed': 'failed', ':processing': 'processing', ':reason': reason, ':now': NOW_ISO },
    },
  },
  {
    Update: {
      TableName: TABLE,
      Key: { pk: `USER#${USER_ID}`, sk: 'PROFILE' },
      UpdateExpression: 'SET balanceCents = balanceCents + :price, version = version + :one',
      ExpressionAttributeValues: { ':price': 600, ':one': 1 },
    },
  },
  { Put: { TableName: TABLE, Item: walletEntryItem(refundId, 'refund', 600, orderId), ConditionExpression: 'attribute_not_exists(pk)' } },
  ...statsExpected({ balanceCents: 600 }),
];

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The items of the n-th (0-based) TransactWrite the table received. */
export const transactItems = (ddb: TableMock, n: number): TransactItem[] => ddb.commandCalls(TransactWriteCommand)[n]?.args[0].input.TransactItems ?? [];

/** The id of the ledger entry of `type` Put by the n-th TransactWrite. */
export function entryIdIn(ddb: TableMock, n: number, type: 'label' | 'refund'): string {
  const put = transactItems(ddb, n).find((t) => String(t.Put?.Item?.sk).startsWith('TXN#') && t.Put?.Item?.type === type);
  expect(put, `a ${type} entry in transaction ${n}`).toBeDefined();
  return put?.Put?.Item?.id as string;
}

type Key = { pk?: unknown; sk?: unknown } | undefined;
type Update = { UpdateExpression?: string; ConditionExpression?: string; ExpressionAttributeValues?: Record<string, unknown> };

const isProfile = (key: Key) => String(key?.pk).startsWith('USER#') && key?.sk === 'PROFILE';
const isEntry = (key: Key) => String(key?.pk).startsWith('USER#') && String(key?.sk).startsWith('TXN#');

/** What an update does to balanceCents: +n, -n, 0 when it leaves it alone, NaN when it cannot be read. */
function balanceChange(update: Update): number {
  const expression = update.UpdateExpression ?? '';
  if (!expression.includes('balanceCents')) return 0;
  const m = /\bbalanceCents = balanceCents ([+-]) (:\w+)/.exec(expression);
  if (!m) return Number.NaN;
  const value = Number(update.ExpressionAttributeValues?.[m[2] as string]);
  return m[1] === '-' ? -value : value;
}

/**
 * What an update of a ledger entry adds to the completed sum: its amount when it completes a pending
 * entry whose amount the condition pins; NaN when it completes one without pinning both.
 */
function entryCompletion(update: Update): number {
  const values = update.ExpressionAttributeValues ?? {};
  const status = /#status = (:\w+)/.exec(update.UpdateExpression ?? '');
  if (!status || values[status[1] as string] !== 'completed') return 0;
  const condition = update.ConditionExpression ?? '';
  const amount = /\bamountCents = (:\w+)/.exec(condition);
  return amount && /#status = :pending\b/.test(condition) && values[':pending'] === 'pending' ? Number(values[amount[1] as string]) : Number.NaN;
}

/**
 * The wallet's invariant, checked over everything the table received: a balance moves only inside a
 * TransactWrite, and there by exactly the sum of the ledger entries that transaction completes for
 * that user (new completed entries, guarded by attribute_not_exists, plus pending entries it
 * completes for a pinned amount). Single commands neither touch a balance nor complete an entry.
 */
export function expectBalanceMovesWithLedger(ddb: TableMock): void {
  for (const c of ddb.calls()) {
    const command = c.args[0] as { constructor: { name: string }; input: Record<string, unknown> };
    const name = command.constructor.name;
    const input = command.input;
    if (name !== 'TransactWriteCommand') {
      const key = (input.Item ?? input.Key) as Key;
      const writesBalance = isProfile(key) && (name === 'PutCommand' || name === 'DeleteCommand' || (name === 'UpdateCommand' && balanceChange(input) !== 0));
      expect(writesBalance, `${name} changing a balance outside a transaction`).toBe(false);
      const completesEntry =
        isEntry(key) && ((name === 'PutCommand' && (input.Item as Record<string, unknown>).status === 'completed') || (name === 'UpdateCommand' && entryCompletion(input) !== 0));
      expect(completesEntry, `${name} completing a ledger entry outside a transaction`).toBe(false);
      continue;
    }
    const balance: Record<string, number> = {};
    const ledger: Record<string, number> = {};
    const add = (sums: Record<string, number>, pk: unknown, n: number) => {
      sums[String(pk)] = (sums[String(pk)] ?? 0) + n;
    };
    const moved = (sums: Record<string, number>) => Object.fromEntries(Object.entries(sums).filter(([, n]) => n !== 0));
    for (const t of (input.TransactItems ?? []) as TransactItem[]) {
      if (t.Put && isProfile(t.Put.Item)) add(balance, t.Put.Item?.pk, Number.NaN);
      if (t.Update && isProfile(t.Update.Key)) add(balance, t.Update.Key?.pk, balanceChange(t.Update));
      if (t.Put && isEntry(t.Put.Item) && t.Put.Item?.status === 'completed') {
        expect(t.Put.ConditionExpression, 'a completed entry is written once').toBe('attribute_not_exists(pk)');
        add(ledger, t.Put.Item?.pk, Number(t.Put.Item?.amountCents));
      }
      if (t.Update && isEntry(t.Update.Key)) add(ledger, t.Update.Key?.pk, entryCompletion(t.Update));
    }
    expect([...Object.values(balance), ...Object.values(ledger)].some(Number.isNaN), 'a balance or entry change that cannot be read').toBe(false);
    expect(moved(balance), 'balance changes equal the ledger entries completed with them').toEqual(moved(ledger));
  }
}

/** The labelForm() order as the API answers it, created. */
export const apiOrder = (overrides: Record<string, unknown> = {}) => ({
  shipOrderId: ORDER_ID,
  labelType: 'usps_priority',
  labelTypeName: 'USPS Priority',
  weight: 2,
  length: 10,
  width: 6,
  height: 4,
  from: FROM,
  to: TO,
  fromName: 'Ann Sender',
  fromCity: 'Austin',
  toName: 'Bo Receiver',
  toCity: 'New York',
  paymentMethod: 'credits',
  price: 6,
  priceCents: 600,
  status: 'created',
  tracking: TRACKING,
  createdAt: NOW_ISO,
  ...overrides,
});

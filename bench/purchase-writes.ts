/**
 * `npx tsx bench/purchase-writes.ts`: where a credits label purchase's write units go, item by item
 * and index by index. One user with a wallet buys a few labels through the real
 * code (buyWithCredits, the sandbox carrier) against DynamoDB Local; every TransactWrite and single
 * write is metered with `ReturnConsumedCapacity: INDEXES`, and each item it touches is read before
 * and after (outside the meter) to size it as DynamoDB does and to see which indexes it sits in.
 *
 * The per-item figures are DynamoDB's billing rules applied to those sizes: a write costs 1 WRU per
 * started KB of the larger of the item's before and after images (2 in a transaction); each index
 * the item is in costs the projected item's size again (a key change: the old copy's delete plus the
 * new copy's put). Whether DynamoDB doubles an index write made by a transaction is not documented;
 * DynamoDB Local doubles them, so both sums are printed, beside what DynamoDB Local reported (its
 * Table figure for a transaction is below the documented 2 units an item, so bench/cost.ts, which
 * reads DynamoDB Local's figures, is a lower bound).
 */
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { startLocalEnvironment } from '../infra/local/environment';

const LABELS = 3;
const KB = 1024;

/** DynamoDB's size of a value in bytes (docs: "Item sizes and formats"). */
function valueSize(v: NativeAttributeValue): number {
  if (v === null || v === undefined || typeof v === 'boolean') return 1;
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8');
  if (typeof v === 'number' || typeof v === 'bigint') {
    const digits = String(v).replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
    return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
  }
  if (v instanceof Uint8Array) return v.byteLength;
  if (Array.isArray(v)) return 3 + v.reduce((n: number, x) => n + 1 + valueSize(x), 0);
  if (v instanceof Set) return [...v].reduce((n: number, x) => n + valueSize(x), 0);
  return 3 + Object.entries(v as Record<string, NativeAttributeValue>).reduce((n, [k, x]) => n + 1 + Buffer.byteLength(k) + valueSize(x), 0);
}

/** An item's size: each attribute's name plus its value. */
export const itemSize = (item: Record<string, NativeAttributeValue>): number =>
  Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k) + valueSize(v), 0);

const INDEXES = ['gsi1', 'gsi2', 'gsi3'] as const;
const started = (bytes: number) => Math.max(1, Math.ceil(bytes / KB));

interface ItemWrite {
  what: string;
  key: string;
  before: number;
  after: number;
  table: number;
  indexes: Partial<Record<(typeof INDEXES)[number], number>>;
}

/** What one write of `before` -> `after` costs by DynamoDB's rules (`factor` 2 in a transaction). */
function priced(
  what: string,
  key: string,
  before: Record<string, NativeAttributeValue> | undefined,
  after: Record<string, NativeAttributeValue> | undefined,
  factor: number,
): ItemWrite {
  const b = before ? itemSize(before) : 0;
  const a = after ? itemSize(after) : 0;
  const indexes: ItemWrite['indexes'] = {};
  for (const index of INDEXES) {
    const keyOf = (item?: Record<string, NativeAttributeValue>) =>
      item && item[`${index}pk`] !== undefined && item[`${index}sk`] !== undefined ? `${item[`${index}pk`]}|${item[`${index}sk`]}` : undefined;
    const kb = keyOf(before);
    const ka = keyOf(after);
    let units = 0;
    if (kb && ka && kb === ka) units = JSON.stringify(before) === JSON.stringify(after) ? 0 : started(Math.max(b, a));
    else units = (kb ? started(b) : 0) + (ka ? started(a) : 0);
    if (units) indexes[index] = units * factor;
  }
  return { what, key, before: b, after: a, table: started(Math.max(a, b)) * factor, indexes };
}

const env = await startLocalEnvironment({ tableName: 'bench-purchase-writes' });
try {
  process.env.LOG_LEVEL = 'error';
  const { db } = await import('../functions/data/client');
  const { createUser } = await import('../functions/data/users');
  const { adjustWallet } = await import('../functions/wallet/adjustments');
  const { buyWithCredits } = await import('../functions/labels/credit-orders');
  const { logger } = await import('../functions/observability/logger');
  const raw = new DynamoDBClient({ region: 'us-east-1', endpoint: env.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const read = async (key: Record<string, unknown>) =>
    (await raw.send(new GetItemCommand({ TableName: env.tableName, Key: key as never, ConsistentRead: true }))).Item as never as
      Record<string, never> | undefined;

  type Written = { request: string; items: ItemWrite[]; reported: { table: number; indexes: Record<string, number> } };
  const log: Written[] = [];
  let metering = false;

  db.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName ?? '');
      if (!metering || !/^(TransactWriteItems|PutItem|UpdateItem|DeleteItem)Command$/.test(command)) return next(args);
      const input = args.input as Record<string, unknown>;
      const parts: { what: string; key: Record<string, unknown> }[] = [];
      const entries =
        command === 'TransactWriteItemsCommand'
          ? (input.TransactItems as Record<string, Record<string, unknown>>[]).map((t) => Object.entries(t)[0] as [string, Record<string, unknown>])
          : [[command.replace(/ItemCommand$/, ''), input] as [string, Record<string, unknown>]];
      for (const [op, body] of entries) {
        // The document client's command may still hold plain values here (it marshalls after this step).
        const item = (body.Item ?? body.Key) as Record<string, unknown>;
        const plain = typeof item.pk === 'string';
        parts.push({ what: op, key: plain ? marshall({ pk: item.pk, sk: item.sk }) : { pk: item.pk, sk: item.sk } });
      }
      const before = await Promise.all(parts.map((p) => read(p.key)));
      input.ReturnConsumedCapacity = 'INDEXES';
      const out = await next(args);
      const after = await Promise.all(parts.map((p) => read(p.key)));
      const factor = command === 'TransactWriteItemsCommand' ? 2 : 1;
      const items = parts.map((p, i) => {
        const b = before[i] && unmarshall(before[i]);
        const a = after[i] && unmarshall(after[i]);
        const k = unmarshall(p.key as never) as { pk: string; sk: string };
        return priced(
          `${p.what} ${(a ?? b)?.entity ?? ''}`,
          `${k.pk.replace(/[0-9A-Z]{26}/g, '<id>').replace(/\d{4}-\d\d-\d\d/, '<day>')} / ${k.sk.replace(/[0-9A-Z]{26}/g, '<id>')}`,
          b,
          a,
          factor,
        );
      });
      type Cap = { Table?: { CapacityUnits?: number }; GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }> };
      const cap = [(out.output as { ConsumedCapacity?: Cap | Cap[] }).ConsumedCapacity ?? []].flat()[0];
      log.push({
        request: command.replace(/Command$/, ''),
        items,
        reported: {
          table: cap?.Table?.CapacityUnits ?? 0,
          indexes: Object.fromEntries(Object.entries(cap?.GlobalSecondaryIndexes ?? {}).map(([n, c]) => [n, c.CapacityUnits ?? 0])),
        },
      });
      return out;
    },
    { step: 'initialize', name: 'bench-purchase-writes' },
  );

  const user = await createUser({ name: 'Bench Shipper', email: `writes-${Date.now()}@example.com`, passwordHash: 'x'.repeat(60), verified: true });
  await adjustWallet({ userId: user.id, amountCents: 10_000, reason: 'bench', adminId: 'bench', key: 'bench' });
  const address = (name: string, street: string, city: string, state: string, zip: string) => ({ name, street, city, state, zip, country: 'US' });
  const body = {
    labelType: 'usps_priority',
    weight: 2.5,
    length: 12,
    width: 8,
    height: 4,
    from: address('Ann Shipper', '417 Montgomery Street', 'San Francisco', 'CA', '94104'),
    to: address('Dr. Steve Brule', '179 N Harbor Dr', 'Redondo Beach', 'CA', '90277'),
    paymentMethod: 'credits',
  } as never;
  // The first purchase warms the modules; the last one is printed (the earlier ones match it).
  for (let i = 0; i < LABELS; i++) {
    log.length = 0;
    metering = i === LABELS - 1;
    await buyWithCredits(user.id, body, `bench-writes-${i}`, logger);
  }

  let total = 0;
  let reportedTotal = 0;
  for (const w of log) {
    const reported = w.reported.table + Object.values(w.reported.indexes).reduce((a, b) => a + b, 0);
    reportedTotal += reported;
    console.log(
      `${w.request}: DynamoDB Local reports ${reported} WRU (table ${w.reported.table}, ${
        Object.entries(w.reported.indexes)
          .map(([n, u]) => `${n} ${u}`)
          .join(', ') || 'no index'
      })`,
    );
    for (const it of w.items) {
      const idx = Object.entries(it.indexes).map(([n, u]) => `${n} ${u}`);
      const units = it.table + Object.values(it.indexes).reduce((a, b) => a + b, 0);
      total += units;
      console.log(
        `  ${it.what.padEnd(24)} ${it.key.padEnd(44)} ${String(it.before).padStart(5)} -> ${String(it.after).padStart(5)} B  table ${it.table}${idx.length ? `, ${idx.join(', ')}` : ''}  = ${units}`,
      );
    }
  }
  const indexWrites = log.flatMap((w) => w.items).reduce((n, it) => n + Object.values(it.indexes).reduce((a, b) => a + b, 0), 0);
  console.log(
    `per purchase: ${total} WRU by the billing rules with index writes doubled in a transaction (${total - indexWrites / 2} if they are not: ` +
      `${indexWrites / 2} index copies written); DynamoDB Local reports ${reportedTotal} (its Table figure counts 6 units for 5 items of under 1 KB)`,
  );
} finally {
  await env.stop();
}

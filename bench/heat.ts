/**
 * `npx tsx bench/heat.ts` (or `await heatFigures()` from run-all.ts): which partition keys a day of
 * the service writes, and how hard. A simulated day runs the real code (the module functions the
 * routes and jobs call, not HTTP) against DynamoDB Local with the sandbox carrier: SHIPPERS shippers
 * are created and top up their wallets through the top-up settlement, buy labels with credits
 * (CONCURRENCY purchases at once), download some, ask refunds of a few, and get carrier events
 * (signed EasyPost webhooks: in transit, out for delivery, delivered) for most; BATCHES batches are
 * uploaded, priced and bought by the in-process batch worker; then the scheduled work runs twice.
 *
 * Every write command the document client sends (PutItem, UpdateItem, DeleteItem,
 * TransactWriteItems, BatchWriteItem) is metered as bench/purchase-writes.ts does: each item it
 * touches is read before and after (raw GetItem or BatchGetItem, ConsistentRead, outside the
 * figures) to see its old and new image. A metered write holds a lock on each item it touches, so no
 * other write of the run lands between its two reads and its images are its own.
 *
 * What counts as one write to a partition key, by DynamoDB's rules:
 * - the table: an item whose image changed writes its `pk`;
 * - an index gsiN (items carry gsiNpk and gsiNsk; every index projects all attributes): an item in
 *   the index before and after under the same gsiNpk and gsiNsk writes that gsiNpk once if anything
 *   changed; a changed index key is a delete under the old gsiNpk and a put under the new one;
 *   entering the index writes the new gsiNpk, leaving it the old one;
 * - a write that changed nothing (a condition that failed, identical images) counts nothing.
 * Each write's size in write units is 1 per started KB of the larger image (of the image it
 * deletes or puts for an index key change), doubled inside a TransactWriteItems; index writes in a
 * transaction are doubled as well, the side that cannot understate.
 *
 * The budget, and why: one partition takes about 1,000 write units a second. At a peak of 1,000
 * labels a second, a key written once for every 8 labels takes 125 writes a second, which leaves
 * room for items above 1 KB and the doubling of transactions. So no partition key that many users
 * share (a work queue, a list of every user, a running figure) may take more than one write for
 * every 8 labels bought. Keys that belong to one user or one batch (its own partition, its
 * idempotency keys, its labels' tracking numbers and events) are exempt: their rate is that one
 * shipper's, not the service's. A key is recognised as one user's or one batch's by the ids the
 * simulation made (users, emails, batches, orders, tracking numbers, and the ids of items stored
 * under a user's own partition); any other key is shared and reported by its exact name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AttributeValue, BatchGetItemCommandOutput } from '@aws-sdk/client-dynamodb';
import { measureInChild, measureWhenRunDirectly } from './child-measure';

/** Sized so the day runs in a few minutes on a small machine; the shape of the day matters, not its length. */
const SHIPPERS = 80;
const LABELS_PER_SHIPPER = 15;
const BATCHES = 2;
const BATCH_ROWS = 100;
/** Shippers at work at once: that many credit purchases in flight. */
const CONCURRENCY = 8;
/** Busiest keys printed per table or index. */
const TOP = 15;

const BUDGET_PER_LABEL = 1 / 8;
const PEAK_LABELS_PER_SECOND = 1_000;
const PARTITION_UNITS_PER_SECOND = 1_000;
const KB = 1024;
const SECTIONS = ['table', 'gsi1', 'gsi2', 'gsi3'] as const;
type Section = (typeof SECTIONS)[number];

export interface HeatRow {
  /** The exact key, or for keys of one user or batch their shape with the ids replaced. */
  key: string;
  own: boolean;
  /** Keys behind the row: 1 for a shared key; for an own shape, how many keys had it (the row shows the busiest). */
  keys: number;
  writes: number;
  units: number;
  perLabel: number;
  unitsPerSecondAtPeak: number;
  /** Of all writes to this table or index. */
  share: number;
}

/** Shared keys that differ only in a trailing shard number (`WORK#purchase#<n>`), with their busiest key. */
export interface HeatFamily {
  base: string;
  keys: number;
  writes: number;
  busiestPerLabel: number;
}

export interface HeatFigures {
  shippers: number;
  labels: number;
  writes: number;
  units: number;
  seconds: number;
  /** Work of the day that failed (it is part of the day; its count is printed). */
  failures: Record<string, number>;
  /** What the day did besides buying: label downloads, refunds asked, carrier events applied, batch labels, scheduled runs. */
  day: { downloads: number; refunds: number; events: number; batchLabels: number; scheduledRuns: number };
  sections: { name: Section; writes: number; units: number; keys: number; rows: HeatRow[]; families: HeatFamily[] }[];
  worst: { key: string; perLabel: number; unitsPerSecondAtPeak: number };
  budgetPerLabel: number;
  pass: boolean;
}

type Image = Record<string, AttributeValue>;

/** DynamoDB's size of a number in bytes: about one byte per two significant digits, plus one. */
const numberSize = (n: string) => {
  const digits = n.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
};

/** DynamoDB's size of a value (docs: "Item sizes and formats"), the rules bench/purchase-writes.ts applies. */
function valueSize(v: AttributeValue): number {
  if (v.S !== undefined) return Buffer.byteLength(v.S, 'utf8');
  if (v.N !== undefined) return numberSize(v.N);
  if (v.B !== undefined) return v.B.byteLength;
  if (v.SS !== undefined) return v.SS.reduce((n, s) => n + Buffer.byteLength(s, 'utf8'), 0);
  if (v.NS !== undefined) return v.NS.reduce((n, s) => n + numberSize(s), 0);
  if (v.BS !== undefined) return v.BS.reduce((n, b) => n + b.byteLength, 0);
  if (v.L !== undefined) return 3 + v.L.reduce((n, x) => n + 1 + valueSize(x), 0);
  if (v.M !== undefined) return 3 + Object.entries(v.M).reduce((n, [k, x]) => n + 1 + Buffer.byteLength(k) + valueSize(x), 0);
  return 1; // BOOL, NULL
}

const itemSize = (item: Image): number => Object.entries(item).reduce((n, [k, v]) => n + Buffer.byteLength(k) + valueSize(v), 0);
const started = (bytes: number) => Math.max(1, Math.ceil(bytes / KB));

/** An image as a string that is equal exactly when the images are: attribute and map keys sorted, sets sorted. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v instanceof Uint8Array) return JSON.stringify(Buffer.from(v).toString('base64'));
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => {
        const set = (k === 'SS' || k === 'NS' || k === 'BS') && Array.isArray(x);
        return `${JSON.stringify(k)}:${set ? canonical([...(x as unknown[])].map(canonical).sort()) : canonical(x)}`;
      })
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The partition writes of one item's change from `before` to `after`, by the rules in the header. */
function partitionWrites(before: Image | undefined, after: Image | undefined, factor: number): { section: Section; pk: string; units: number }[] {
  if (!before && !after) return [];
  if (before && after && canonical(before) === canonical(after)) return [];
  const b = before ? itemSize(before) : 0;
  const a = after ? itemSize(after) : 0;
  const writes: { section: Section; pk: string; units: number }[] = [];
  writes.push({ section: 'table', pk: String((after ?? before)?.pk?.S), units: started(Math.max(a, b)) * factor });
  for (const index of ['gsi1', 'gsi2', 'gsi3'] as const) {
    const keyOf = (item: Image | undefined) => {
      const pk = item?.[`${index}pk`]?.S;
      const sk = item?.[`${index}sk`]?.S;
      return pk !== undefined && sk !== undefined ? { pk, sk } : undefined;
    };
    const kb = keyOf(before);
    const ka = keyOf(after);
    if (kb && ka && kb.pk === ka.pk && kb.sk === ka.sk) {
      writes.push({ section: index, pk: ka.pk, units: started(Math.max(a, b)) * factor });
      continue;
    }
    if (kb) writes.push({ section: index, pk: kb.pk, units: started(b) * factor });
    if (ka) writes.push({ section: index, pk: ka.pk, units: started(a) * factor });
  }
  return writes;
}

/** One lock per item: a metered write holds the locks of every item it touches, taken in key order so two writes never wait on each other. */
const locks = new Map<string, Promise<void>>();
async function lockItems(ids: readonly string[]): Promise<() => void> {
  const releases: (() => void)[] = [];
  for (const id of [...new Set(ids)].sort()) {
    const previous = locks.get(id) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    locks.set(id, tail);
    await previous;
    releases.push(() => {
      release();
      if (locks.get(id) === tail) locks.delete(id);
    });
  }
  return () => releases.forEach((r) => r());
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function measure(): Promise<HeatFigures> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL = 'error';
  const labelDir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-heat-'));
  process.env.LABEL_DIR = labelDir;
  const { startLocalEnvironment } = await import('../infra/local/environment');
  const local = await startLocalEnvironment({ tableName: 'bench-heat' });
  try {
    const { DynamoDBClient, GetItemCommand, BatchGetItemCommand } = await import('@aws-sdk/client-dynamodb');
    const { marshall } = await import('@aws-sdk/util-dynamodb');
    const { db } = await import('../functions/data/client');
    const { logger } = await import('../functions/observability/logger');
    const { createUser } = await import('../functions/data/users');
    const { buyWithCredits } = await import('../functions/labels/credit-orders');
    const { ordersToServe } = await import('../functions/data/orders');
    const { requestRefund } = await import('../functions/labels/label-refunds');
    const { receiveEasyPostWebhook } = await import('../functions/tracking/receive-webhook');
    const { easyPostSignature } = await import('../functions/tracking/easypost-events');
    const { easyPostWebhookSecret } = await import('../functions/tracking/webhook-secrets');
    const { settleTopUp } = await import('../functions/payments/top-ups');
    const { newEntry, putPendingEntry } = await import('../functions/wallet/ledger');
    const { uploadBatch } = await import('../functions/batches/upload');
    const { purchaseBatch } = await import('../functions/batches/purchase');
    const { batchQueueIdle } = await import('../functions/batches/queue');
    const { readBatch } = await import('../functions/batches/batches');
    const { runScheduledWork } = await import('../functions/jobs/scheduled-work');
    const { sampleLabelOrder } = await import('../test/fixtures/label-order');
    const { batchCsv, sampleRows } = await import('../test/fixtures/batch-csv');

    // ---- the meter --------------------------------------------------------------------------
    const raw = new DynamoDBClient({ region: 'us-east-1', endpoint: local.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const table = local.tableName;
    const idOf = (key: Image) => `${key.pk?.S}\u0000${key.sk?.S}`;
    const readImages = async (keys: readonly Image[]): Promise<Map<string, Image>> => {
      const found = new Map<string, Image>();
      if (keys.length === 1) {
        const out = await raw.send(new GetItemCommand({ TableName: table, Key: keys[0], ConsistentRead: true }));
        if (out.Item) found.set(idOf(out.Item), out.Item);
        return found;
      }
      for (let i = 0; i < keys.length; i += 100) {
        let pending: Image[] | undefined = keys.slice(i, i + 100);
        while (pending?.length) {
          const out: BatchGetItemCommandOutput = await raw.send(
            new BatchGetItemCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }),
          );
          for (const item of out.Responses?.[table] ?? []) found.set(idOf(item), item);
          pending = out.UnprocessedKeys?.[table]?.Keys;
        }
      }
      return found;
    };
    /** Table or index -> partition key -> its writes and write units. */
    const heat = new Map<Section, Map<string, { writes: number; units: number }>>(SECTIONS.map((s) => [s, new Map()]));
    /** Ids of items stored under a user's own partition (orders, ledger entries, batch refs), with that partition. */
    const learned = new Map<string, string>();
    const unmetered = new Set<string>();

    type Body = Record<string, unknown>;
    const keyOfBody = (body: Body): Image => {
      const item = (body.Item ?? body.Key) as Body;
      return typeof item.pk === 'string' ? marshall({ pk: item.pk, sk: item.sk }) : ({ pk: item.pk, sk: item.sk } as Image);
    };
    db.middlewareStack.add(
      (next, context) => async (args) => {
        const command = String(context.commandName ?? '');
        const input = args.input as Body;
        let keys: Image[] = [];
        let factor = 1;
        if (command === 'PutItemCommand' || command === 'UpdateItemCommand' || command === 'DeleteItemCommand') {
          if (input.TableName === table) keys = [keyOfBody(input)];
        } else if (command === 'TransactWriteItemsCommand') {
          factor = 2;
          for (const t of input.TransactItems as Record<string, Body>[]) {
            const body = t.Put ?? t.Update ?? t.Delete; // a ConditionCheck writes nothing
            if (body && body.TableName === table) keys.push(keyOfBody(body));
          }
        } else if (command === 'BatchWriteItemCommand') {
          const requests = ((input.RequestItems as Record<string, Body[]>)[table] ?? []).map((r) => (r.PutRequest ?? r.DeleteRequest) as Body);
          keys = requests.map(keyOfBody);
        } else {
          if (/Execute|Write|Put|Update|Delete/.test(command)) unmetered.add(command);
          return next(args);
        }
        if (keys.length === 0) return next(args);
        const ids = [...new Set(keys.map(idOf))];
        const unique = ids.map((id) => keys.find((k) => idOf(k) === id) as Image);
        const release = await lockItems(ids);
        try {
          const before = await readImages(unique);
          try {
            return await next(args);
          } finally {
            // Read after a failure too: a failed write changed nothing, and one that did change something is counted.
            const after = await readImages(unique);
            for (const id of ids) {
              for (const w of partitionWrites(before.get(id), after.get(id), factor)) {
                const at = heat.get(w.section) as Map<string, { writes: number; units: number }>;
                const was = at.get(w.pk) ?? { writes: 0, units: 0 };
                at.set(w.pk, { writes: was.writes + 1, units: was.units + w.units });
              }
              const [pk, sk] = id.split('\u0000') as [string, string];
              if (pk.startsWith('USER#')) for (const part of sk.split('#')) if (ULID.test(part) || UUID.test(part)) learned.set(part, pk);
            }
          }
        } finally {
          release();
        }
      },
      // After client.ts's retry of conflicting transactions (added first, so outside this): each attempt is metered.
      { step: 'initialize', name: 'benchHeatMeter' },
    );

    // ---- the day ----------------------------------------------------------------------------
    const start = performance.now();
    const failures: Record<string, number> = {};
    const failed = (what: string) => (err: unknown) => {
      const name = `${what}: ${err instanceof Error ? err.message.slice(0, 80) : String(err)}`;
      failures[name] = (failures[name] ?? 0) + 1;
      return undefined;
    };
    const users = new Map<string, { name: string; email: string }>();
    const batches = new Set<string>();
    const orders = new Set<string>();
    const trackings = new Set<string>();
    let labels = 0;
    const day = { downloads: 0, refunds: 0, events: 0, batchLabels: 0, scheduledRuns: 0 };

    /** A top-up as production settles one: a pending card entry, then the provider's event applied. */
    const topUp = async (user: { id: string; name: string; email: string }, cents: number, n: number) => {
      const entry = newEntry(user, { amountCents: cents, type: 'topup', creditType: 'Card', paymentType: 'CARD', provider: 'stripe' });
      await putPendingEntry(entry);
      const result = await settleTopUp({ userId: user.id, entryId: entry.id, outcome: 'completed', eventKey: `stripe#heat-${user.id}-${n}`, paidCents: cents });
      if (result !== 'applied') throw new Error(`top-up not applied: ${result}`);
    };

    const STATUSES = ['in_transit', 'out_for_delivery', 'delivered'] as const;
    const MESSAGES = { in_transit: 'Accepted at USPS Origin Facility', out_for_delivery: 'Out for Delivery', delivered: 'Delivered, In/At Mailbox' };
    const carrierEvent = async (tracking: string, n: number, status: (typeof STATUSES)[number]) => {
      const time = new Date(Date.now() + (n + 1) * 60_000).toISOString();
      const body = JSON.stringify({
        id: `heat-${tracking}-${n}`,
        object: 'Event',
        description: n === 0 ? 'tracker.created' : 'tracker.updated',
        result: {
          object: 'Tracker',
          tracking_code: tracking,
          status,
          tracking_details: [{ message: MESSAGES[status], status, datetime: time, tracking_location: { city: 'DALLAS', state: 'TX' } }],
        },
      });
      const outcome = await receiveEasyPostWebhook(body, easyPostSignature(body, easyPostWebhookSecret()), logger);
      if (outcome === 'applied') day.events += 1;
      else failures[`carrier event ${outcome}`] = (failures[`carrier event ${outcome}`] ?? 0) + 1;
    };

    /**
     * One shipper's day: created, topped up (every fourth twice), its labels bought one after another,
     * then per label (by its number, so every run is the same day): 60% downloaded (a third of those
     * twice), 4% refunded, and of the others 90% tracked: half get in transit, out for delivery and
     * delivered, a quarter in transit and delivered, a quarter in transit and out for delivery.
     */
    const shipperDay = async (s: number) => {
      const email = `heat-${s}@bench.local`;
      const user = await createUser({ name: `Heat Shipper ${s}`, email, passwordHash: 'x'.repeat(60), verified: true });
      users.set(user.id, { name: user.name, email });
      const cents = LABELS_PER_SHIPPER * 1_000;
      if (s % 4 === 0) {
        await topUp(user, cents / 2, 0);
        await topUp(user, cents / 2, 1);
      } else await topUp(user, cents, 0);
      const mine: { id: string; tracking: string; n: number }[] = [];
      for (let k = 0; k < LABELS_PER_SHIPPER; k++) {
        const n = s * LABELS_PER_SHIPPER + k;
        const bought = await buyWithCredits(
          user.id,
          sampleLabelOrder({ to: { ...sampleLabelOrder().to, name: `Receiver ${n}` } }) as never,
          `heat-${k}`,
          logger,
        ).catch(failed('purchase'));
        if (!bought) continue;
        orders.add(bought.order.id);
        if (bought.order.status !== 'created' || !bought.order.tracking) {
          failures[`purchase ended ${bought.order.status}`] = (failures[`purchase ended ${bought.order.status}`] ?? 0) + 1;
          continue;
        }
        labels += 1;
        trackings.add(bought.order.tracking);
        mine.push({ id: bought.order.id, tracking: bought.order.tracking, n });
      }
      for (const label of mine) {
        for (let d = 0; d < (label.n % 5 === 0 ? 2 : label.n % 5 < 3 ? 1 : 0); d++) {
          if (await ordersToServe(user.id, [label.id]).catch(failed('download'))) day.downloads += 1;
        }
      }
      for (const label of mine) {
        if (label.n % 25 === 12) {
          if (await requestRefund(user.id, label.id, logger).catch(failed('refund'))) day.refunds += 1;
          continue;
        }
        if (label.n % 10 === 9) continue;
        const path = label.n % 4 < 2 ? STATUSES : label.n % 4 === 2 ? (['in_transit', 'delivered'] as const) : (['in_transit', 'out_for_delivery'] as const);
        for (const [i, status] of path.entries()) await carrierEvent(label.tracking, i, status).catch(failed('carrier event'));
      }
    };

    let nextShipper = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (nextShipper < SHIPPERS) await shipperDay(nextShipper++).catch(failed('shipper'));
      }),
    );

    // Batches, each by one of the shippers, with a top-up of its own for its rows.
    const owners = [...users.entries()].slice(0, BATCHES);
    for (const [b, [userId, { name, email }]] of owners.entries()) {
      await topUp({ id: userId, name, email }, BATCH_ROWS * 1_000, 9);
      const csv = Buffer.from(batchCsv(sampleRows(BATCH_ROWS)), 'utf8');
      const uploaded = await uploadBatch(userId, csv, undefined);
      batches.add(uploaded.batchId);
      await batchQueueIdle();
      await purchaseBatch({ userId, batchId: uploaded.batchId, body: { paymentMethod: 'credits' }, key: `heat-batch-${b}`, log: logger });
      await batchQueueIdle();
      const done = await readBatch(userId, uploaded.batchId);
      labels += done.counts.bought;
      day.batchLabels += done.counts.bought;
      if (done.counts.failed) failures['batch row failed'] = (failures['batch row failed'] ?? 0) + done.counts.failed;
      for (const row of done.rows) {
        if (row.shipOrderId) orders.add(row.shipOrderId);
        if (row.tracking) trackings.add(row.tracking);
      }
    }

    // The scheduled work: once now, once an hour on (refunds due for their poll, labels due for theirs).
    for (const at of [new Date(), new Date(Date.now() + 3_600_000)]) {
      const summary = await runScheduledWork(logger, at);
      day.scheduledRuns += 1;
      for (const [job, counts] of Object.entries(summary)) if ('error' in counts) failures[`scheduled ${job}: ${counts.error}`] = 1;
    }
    const seconds = (performance.now() - start) / 1000;
    for (const command of unmetered) failures[`unmetered write command ${command}`] = 1;

    // ---- the report's figures ---------------------------------------------------------------
    const kinds = new Map<string, string>();
    for (const id of users.keys()) kinds.set(id, '<user>');
    for (const { email } of users.values()) kinds.set(email, '<email>');
    for (const id of batches) kinds.set(id, '<batch>');
    for (const id of orders) kinds.set(id, '<order>');
    for (const t of trackings) kinds.set(t, '<tracking>');
    for (const [id, pk] of learned) if (!kinds.has(id) && users.has(pk.slice('USER#'.length))) kinds.set(id, '<id>');
    /** The key with each id of the simulation replaced by its kind, or undefined when it holds none (a shared key). */
    const ownShape = (key: string): string | undefined => {
      // An id is a whole segment between '#' (USER#<id>), or a part of one between '-' (heat-<user>-0).
      const named = (part: string) => kinds.get(part) ?? kinds.get(part.toLowerCase());
      const shape = key
        .split('#')
        .map(
          (part) =>
            named(part) ??
            part
              .split('-')
              .map((p) => named(p) ?? p)
              .join('-'),
        )
        .join('#');
      return shape === key ? undefined : shape.replace(/\d+/g, '<n>');
    };
    const peak = (writes: number, units: number) => (labels ? (writes / labels) * PEAK_LABELS_PER_SECOND * (units / writes) : 0);
    let worst = { key: '', perLabel: 0, unitsPerSecondAtPeak: 0 };
    const sections = SECTIONS.map((name) => {
      const keys = heat.get(name) as Map<string, { writes: number; units: number }>;
      const writes = [...keys.values()].reduce((n, k) => n + k.writes, 0);
      const units = [...keys.values()].reduce((n, k) => n + k.units, 0);
      const rows = new Map<string, HeatRow>();
      for (const [pk, k] of keys) {
        const shape = ownShape(pk);
        const row: HeatRow = {
          key: shape ?? pk,
          own: shape !== undefined,
          keys: 1,
          writes: k.writes,
          units: k.units,
          perLabel: labels ? k.writes / labels : 0,
          unitsPerSecondAtPeak: peak(k.writes, k.units),
          share: writes ? k.writes / writes : 0,
        };
        if (!row.own && row.perLabel > worst.perLabel) worst = { key: `${name} ${pk}`, perLabel: row.perLabel, unitsPerSecondAtPeak: row.unitsPerSecondAtPeak };
        const seen = rows.get(row.key);
        if (!seen) rows.set(row.key, row);
        else rows.set(row.key, { ...(row.writes > seen.writes ? row : seen), keys: seen.keys + 1 });
      }
      const top = [...rows.values()].sort((a, b) => b.writes - a.writes || a.key.localeCompare(b.key)).slice(0, TOP);
      // Every shared key by its base, so a family below the top rows is still seen.
      const families = new Map<string, HeatFamily>();
      for (const r of rows.values()) {
        if (r.own) continue;
        const base = r.key.replace(/#\d+$/, '');
        const f = families.get(base) ?? { base, keys: 0, writes: 0, busiestPerLabel: 0 };
        families.set(base, { base, keys: f.keys + 1, writes: f.writes + r.writes, busiestPerLabel: Math.max(f.busiestPerLabel, r.perLabel) });
      }
      const byHeat = [...families.values()].sort((a, b) => b.busiestPerLabel - a.busiestPerLabel || b.writes - a.writes);
      return { name, writes, units, keys: keys.size, rows: top, families: byHeat };
    });
    return {
      shippers: SHIPPERS,
      labels,
      writes: sections.reduce((n, s) => n + s.writes, 0),
      units: sections.reduce((n, s) => n + s.units, 0),
      seconds,
      failures,
      day,
      sections,
      worst,
      budgetPerLabel: BUDGET_PER_LABEL,
      pass: labels > 0 && worst.perLabel <= BUDGET_PER_LABEL,
    };
  } finally {
    await local.stop();
    rmSync(labelDir, { recursive: true, force: true });
  }
}

export function formatHeatReport(f: HeatFigures): string {
  const int = (n: number) => Math.round(n).toLocaleString('en-US');
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  const lines = [
    '',
    `Partition heat of a simulated day (DynamoDB Local, sandbox carrier): ${f.shippers} shippers, ${int(f.labels)} labels bought, in ${f.seconds.toFixed(0)} s`,
    `  the day: ${int(f.labels - f.day.batchLabels)} labels bought one at a time (${CONCURRENCY} at once), ${int(f.day.batchLabels)} in ${BATCHES} batches, ${int(f.day.downloads)} downloads, ${int(f.day.refunds)} refunds asked, ${int(f.day.events)} carrier events applied, ${f.day.scheduledRuns} runs of the scheduled work`,
    `  ${int(f.writes)} partition writes (${(f.writes / Math.max(f.labels, 1)).toFixed(1)} a label), ${int(f.units)} write units (${(f.units / Math.max(f.labels, 1)).toFixed(1)} a label), table and indexes`,
    `  peak: ${int(PEAK_LABELS_PER_SECOND)} labels a second; one partition takes ${int(PARTITION_UNITS_PER_SECOND)} write units a second`,
    `  "own": a key of one user or one batch, its ids shown as <user>, <batch>, <order>, <tracking>, <email>, <id>, the busiest of its keys (exempt)`,
  ];
  const failures = Object.entries(f.failures);
  if (failures.length) lines.push(`  failed during the day: ${failures.map(([what, n]) => `${what} (${n})`).join('; ')}`);
  for (const s of f.sections) {
    lines.push(
      '',
      `  ${s.name === 'table' ? 'table (pk)' : `${s.name} (${s.name}pk)`}: ${int(s.writes)} writes, ${int(s.units)} write units, ${int(s.keys)} keys`,
    );
    lines.push(
      `    ${'key'.padEnd(52)} ${'kind'.padEnd(6)} ${'writes'.padStart(7)} ${'/label'.padStart(7)} ${'share'.padStart(6)} ${'WU/s@peak'.padStart(10)} ${'of 1,000'.padStart(8)}  budget`,
    );
    for (const r of s.rows) {
      const key = r.keys > 1 ? `${r.key} (of ${int(r.keys)})` : r.key;
      const verdict = r.own ? 'exempt' : r.perLabel <= f.budgetPerLabel ? 'OK' : 'OVER';
      lines.push(
        `    ${key.padEnd(52)} ${(r.own ? 'own' : 'shared').padEnd(6)} ${int(r.writes).padStart(7)} ${r.perLabel.toFixed(3).padStart(7)} ${pct(r.share).padStart(6)} ${int(r.unitsPerSecondAtPeak).padStart(10)} ${`${((r.unitsPerSecondAtPeak / PARTITION_UNITS_PER_SECOND) * 100).toFixed(0)}%`.padStart(8)}  ${verdict}`,
      );
    }
    if (s.families.length) {
      const shown = s.families.slice(0, 10).map((x) => `${x.base}${x.keys > 1 ? `#<${x.keys} keys>` : ''} ${x.busiestPerLabel.toFixed(3)}`);
      lines.push(
        `    shared keys by base, busiest key's writes a label: ${shown.join(', ')}${s.families.length > 10 ? `, and ${s.families.length - 10} more` : ''}`,
      );
    }
  }
  lines.push(
    '',
    `  budget: no shared key above 1 write per 8 labels (${f.budgetPerLabel})`,
    `  worst shared key: ${f.worst.key || '(none)'}, ${f.worst.perLabel.toFixed(3)} writes a label, ${int(f.worst.unitsPerSecondAtPeak)} write units a second at the peak (${((f.worst.unitsPerSecondAtPeak / PARTITION_UNITS_PER_SECOND) * 100).toFixed(0)}% of a partition): ${f.pass ? 'PASS' : 'FAIL'}`,
  );
  return lines.join('\n');
}

/** Measures in a fresh child process, prints the report and answers the figures. */
export const heatFigures = (): Promise<HeatFigures> => measureInChild(import.meta.url, formatHeatReport);

await measureWhenRunDirectly(import.meta.url, measure, formatHeatReport);

/**
 * `npm start` keeps data in DATA_DIR: stopping the local stack (front and DynamoDB Local) mid-run
 * and starting it again on the same folder loses nothing. Users, balances, ledgers, labels, their
 * PDFs, addresses, idempotency keys, webhook records and open sandbox checkouts all survive, and
 * work begun before the restart (an unpaid checkout, a retried purchase, a replayed event)
 * finishes exactly once after it.
 */
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, localDynamoClient } from '../../infra/local/dynamodb-local';
import { ensureTable } from '../../infra/local/ensure-table';
import { startLocalEnvironment, type LocalEnvironment } from '../../infra/local/environment';

const dir = mkdtempSync(join(tmpdir(), 'ps-restart-'));
const savedEnv = { ...process.env };
afterAll(() => {
  process.env = savedEnv;
  rmSync(dir, { recursive: true, force: true });
});

const docClient = (endpoint: string) => DynamoDBDocumentClient.from(localDynamoClient(endpoint));

/**
 * What a fresh `npm start` process does after DynamoDB Local is up: load the product's modules
 * anew (so every handler builds its DynamoDB client from the new environment, as a new process
 * would) and start the front on the configured port.
 */
async function boot(port: number) {
  vi.resetModules();
  const [{ startFront }, users, tokens, checkouts, sandbox, helpers] = await Promise.all([
    import('../../infra/local/server'),
    import('../../functions/data/users'),
    import('../session-token'),
    import('../../functions/data/local-checkouts'),
    import('../../functions/providers/payments/sandbox-stripe-event'),
    import('./reliability/helpers'),
  ]);
  const front = await startFront({ port, spa: 'none' });
  const api = (token: string | undefined, path: string, init: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}) =>
    fetch(front.url + path, {
      method: init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
  const pay = async (id: string) => {
    const res = await fetch(`${front.url}/_local/checkout/${id}/pay`, { method: 'POST', headers: { accept: 'application/json' } });
    expect(await res.json()).toEqual({ status: 'paid', webhookStatus: 200 });
  };
  return { front, api, pay, users, tokens, checkouts, sandbox, helpers };
}

describe('the local stack with a data folder', () => {
  it('keeps everything across a stop and start mid-run, and finishes what was begun before it', { timeout: 90_000 }, async () => {
    process.env.LABEL_DIR = join(dir, 'labels'); // as npm start: label PDFs beside the data
    const port = await freePort();
    process.env.APP_URL = `http://localhost:${port}`;

    // ---- first run -------------------------------------------------------------------------
    let env: LocalEnvironment = await startLocalEnvironment({ dataDir: dir, tableName: 'prepaidship' });
    let app = await boot(port);
    const first = env;
    let user: { id: string };
    let token: string;
    let label: { shipOrderId: string; tracking: string };
    let pdf: Buffer;
    let hoodpayId: string;
    let cardCheckoutId: string;
    let replayEvent: { payload: string; signatureHeader: string };
    try {
      // Below the product: the engine's own files keep a table and an item.
      expect(await ensureTable(env.endpoint, 'keep')).toBe(true);
      await docClient(env.endpoint).send(new PutCommand({ TableName: 'keep', Item: { pk: 'A', sk: 'B', v: 42 } }));

      user = await app.users.createUser({ name: 'Restart User', email: 'restart@example.com', passwordHash: 'x', verified: true });
      token = await app.tokens.signSessionToken({ userId: user.id, role: 'user', scope: 'full' });
      const topUp = await app.api(token, '/stripe/create-checkout-session', { body: { amount: 30 } });
      await app.pay(((await topUp.json()) as { id: string }).id);
      // A $5 top-up whose signed event we deliver (and keep, to deliver again after the restart).
      const five = (await (await app.api(token, '/stripe/create-checkout-session', { body: { amount: 5 } })).json()) as { id: string };
      const fiveCheckout = await app.checkouts.getLocalCheckout(five.id);
      replayEvent = app.sandbox.stripeSandboxEvent(fiveCheckout!, 'paid');
      expect(
        (await app.api(undefined, '/stripe/webhook', { raw: replayEvent.payload, headers: { 'stripe-signature': replayEvent.signatureHeader } })).status,
      ).toBe(200);

      const bought = await app.api(token, '/shipping/create-label', { body: app.helpers.labelForm(), headers: { 'idempotency-key': 'restart-1' } });
      expect(bought.status).toBe(201);
      label = ((await bought.json()) as { label: typeof label }).label;
      pdf = Buffer.from(await (await app.api(token, `/shipping/download-order/${label.shipOrderId}`)).arrayBuffer());
      expect((await app.api(token, '/auth/addresses', { body: app.helpers.address('Home', '9 Lake Rd', '78701') })).status).toBe(201);

      // Begun but not finished when the stack stops: a crypto top-up and a card label, both unpaid.
      const crypto = await app.api(token, '/hoodpay/topup', { body: { amount: 12.34, creditType: 'Crypto' } });
      hoodpayId = ((await crypto.json()) as { data: { hoodpayOrderId: string } }).data.hoodpayOrderId;
      const card = await app.api(token, '/stripe/create-checkout-session', {
        body: { metadata: { orderDetails: app.helpers.labelForm({ paymentMethod: 'purchase' }) } },
      });
      cardCheckoutId = ((await card.json()) as { id: string }).id;
      expect(((await (await app.api(token, '/auth/profile')).json()) as { balanceCents: number }).balanceCents).toBe(2900);
    } finally {
      await app.front.close();
      await env.stop();
    }
    expect(first.dynamo!.child.exitCode !== null || first.dynamo!.child.signalCode !== null).toBe(true);

    // ---- second run, on the same folder -----------------------------------------------------
    env = await startLocalEnvironment({ dataDir: dir, tableName: 'prepaidship' });
    app = await boot(port);
    try {
      expect(await ensureTable(env.endpoint, 'keep')).toBe(false);
      const { Item } = await docClient(env.endpoint).send(new GetCommand({ TableName: 'keep', Key: { pk: 'A', sk: 'B' } }));
      expect(Item?.v).toBe(42);

      // The session from before still works, and sees the same balance, label, PDF and address.
      expect(((await (await app.api(token, '/auth/profile')).json()) as { balanceCents: number }).balanceCents).toBe(2900);
      const orders = (await (await app.api(token, '/shipping/orders')).json()) as { orders: { shipOrderId: string; status: string }[]; totalOrders: number };
      expect(orders.orders.map((o) => [o.shipOrderId === label.shipOrderId ? 'first' : 'card', o.status]).sort()).toEqual([
        ['card', 'awaiting_payment'],
        ['first', 'created'],
      ]);
      expect(orders.totalOrders).toBe(1);
      expect(Buffer.from(await (await app.api(token, `/shipping/download-order/${label.shipOrderId}`)).arrayBuffer()).equals(pdf)).toBe(true);
      const addresses = (await (await app.api(token, '/auth/addresses')).json()) as { name: string; street: string }[];
      expect(addresses.map((a) => [a.name, a.street])).toEqual([['Home', '9 Lake Rd']]);
      expect((await app.api(token, '/auth/addresses', { body: app.helpers.address('Again', '9 Lake Rd', '78701') })).status).toBe(409);

      // A purchase retried with its key after the restart answers the first order, charged once.
      const retried = await app.api(token, '/shipping/create-label', { body: app.helpers.labelForm(), headers: { 'idempotency-key': 'restart-1' } });
      expect(retried.status).toBe(201);
      expect((await retried.json()) as { label: { shipOrderId: string }; balanceCents: number }).toMatchObject({
        label: { shipOrderId: label.shipOrderId },
        balanceCents: 2900,
      });
      // An event applied before the restart, delivered again: acknowledged, nothing moves.
      expect(
        (await app.api(undefined, '/stripe/webhook', { raw: replayEvent.payload, headers: { 'stripe-signature': replayEvent.signatureHeader } })).status,
      ).toBe(200);

      // What was begun before the restart completes now: the crypto top-up and the card label.
      await app.pay(hoodpayId);
      await app.pay(cardCheckoutId);
      const after = (await (await app.api(token, '/shipping/orders')).json()) as { orders: { status: string }[]; totalOrders: number };
      expect(after.orders.map((o) => o.status)).toEqual(['created', 'created']);
      expect(((await (await app.api(token, '/auth/profile')).json()) as { balanceCents: number }).balanceCents).toBe(2900 + 1234);

      // The ledger, the orders and the counters agree with each other after all of it.
      expect(await app.helpers.expectTableConsistent({ settled: true })).toEqual({ users: 1, labels: 2, balanceCents: 4134 });
      expect(await (await app.api(undefined, '/api/counter')).json()).toEqual({ count: 2 });
    } finally {
      await app.front.close();
      await env.stop();
    }
  });
});

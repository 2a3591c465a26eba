/**
 * The product under throttling: DynamoDB Local behind a stand-in that answers DynamoDB's own
 * ProvisionedThroughputExceededException (HTTP 400, its JSON error body) to every request until that
 * request has been retried for a second (a partition hot for a second), then lets it through. The
 * SDK's client, with the product's settings (functions/providers/aws/client-settings.ts), reads the
 * error, waits and sends the same request again (the invocation id the SDK puts on every attempt
 * tells the stand-in it is the same one). Every sign-up, top-up, purchase, refund and batch completes,
 * no answer is a 5xx, and each balance equals its ledger.
 *
 * In AWS each route is a Lambda container with a client (and a retry quota) of its own, so each flow
 * here loads the product's modules afresh: one container per flow, not one client for the whole file.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';

const HOT_MS = 1_000;
const upstream = new URL(inject('dynamoEndpoint'));

/** What the stand-in saw: requests (by the SDK's invocation id), attempts refused and let through. */
const seen = { invocations: 0, refused: 0, passed: 0, withoutInvocationId: 0, longestHeldMs: 0 };

function throttlingStandIn(): Server {
  const firstSeen = new Map<string, number>();
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = req.headers['amz-sdk-invocation-id'];
      if (typeof id !== 'string') seen.withoutInvocationId++;
      const key = typeof id === 'string' ? id : `${Date.now()}-${Math.random()}`;
      const now = Date.now();
      if (!firstSeen.has(key)) {
        firstSeen.set(key, now);
        seen.invocations++;
      }
      const held = now - firstSeen.get(key)!;
      if (held < HOT_MS) {
        seen.refused++;
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(
          JSON.stringify({
            __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
            message:
              'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
          }),
        );
        return;
      }
      seen.passed++;
      seen.longestHeldMs = Math.max(seen.longestHeldMs, held);
      const forward = httpRequest(new URL(req.url ?? '/', upstream), { method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', (err) => res.destroy(err));
      forward.end(Buffer.concat(chunks));
    });
  });
}

let standIn: Server;
beforeAll(async () => {
  standIn = throttlingStandIn();
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  // The table of this file (test/integration/setup-env.ts) is in the DynamoDB behind the stand-in.
  process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

/** A fresh container: the product's modules (and so its DynamoDB client) loaded anew through the stand-in. */
async function container() {
  vi.resetModules();
  const [actors, payments, ledger, queue, csv] = await Promise.all([
    import('../security/actors'),
    import('../handlers/payments/payments'),
    import('../ledger-invariant'),
    import('../../../functions/batches/queue'),
    import('../../fixtures/batch-csv'),
  ]);
  return { ...actors, ...payments, ...ledger, ...queue, ...csv };
}

/** Every answer of a flow: the test fails on the first 5xx, whatever the flow expected next. */
const answers: { route: string; status: number }[] = [];
function noServerError<T extends { statusCode?: number }>(route: string, res: T): T {
  answers.push({ route, status: res.statusCode ?? 200 });
  expect(res.statusCode ?? 200, `${route} answered a server error under throttling`).toBeLessThan(500);
  return res;
}

describe('a partition hot for a second on every request', () => {
  it('a sign-up completes: the account, the mailed code, its verification', { timeout: 120_000 }, async () => {
    const app = await container();
    const email = `throttled-${Date.now()}@example.com`;
    const registered = noServerError(
      'POST /auth/register',
      await app.invoke('POST /auth/register', { body: { name: 'Hot Partition', email, password: app.PASSWORD, recaptchaToken: 't' } }),
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const [code] = await app.mailedCodes(email);
    const verified = noServerError(
      'POST /auth/verify-otp',
      await app.invoke('POST /auth/verify-otp', { token: (registered.json as { token: string }).token, body: { email, otp: code } }),
    );
    expect(verified.statusCode, verified.body).toBe(200);
    await app.expectLedgerInvariant((registered.json as { user: { id: string } }).user.id);
  });

  it('a card top-up completes: the checkout, the webhook, the credit', { timeout: 120_000 }, async () => {
    const app = await container();
    const ann = await app.newAccount('user', 'hot-topup');
    const checkout = await app.startCardTopUp(ann, 20);
    noServerError('POST /stripe/webhook', await app.deliverSigned(app.stripeEvent(checkout, 'paid')));
    expect(await app.balanceOf(ann.id)).toBe(2000);
    await app.expectLedgerInvariant(ann.id);
  });

  it('a purchase and its refund complete: the label bought from the wallet, then its price back', { timeout: 120_000 }, async () => {
    const app = await container();
    const ann = await app.newAccount('user', 'hot-label');
    const label = await app.buyLabel(ann);
    answers.push({ route: 'POST /shipping/create-label', status: 201 });
    const refunded = noServerError(
      'POST /shipping/orders/{shipOrderId}/refund',
      await app.invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: label.shipOrderId } }),
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await app.balanceOf(ann.id)).toBe(2000);
    await app.expectLedgerInvariant(ann.id);
  });

  it('a batch completes: uploaded, paid from the wallet, every row bought by the worker', { timeout: 240_000 }, async () => {
    const app = await container();
    const ann = await app.newAccount('user', 'hot-batch');
    const { creditWallet } = await import('../wallet-credit');
    await creditWallet(ann, 2000);
    const uploaded = noServerError(
      'POST /shipping/batches',
      await app.invoke('POST /shipping/batches', { token: ann.token, raw: app.batchCsv(app.sampleRows(2)), contentType: 'text/csv' }),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { batchId } = uploaded.json as { batchId: string };
    // The worker prices its rows, through the same hot partition.
    await app.batchQueueIdle();
    // The purchase, and the worker that buys the rows, in a container of their own as in AWS.
    const buyer = await container();
    const paid = noServerError(
      'POST /shipping/batches/{batchId}/purchase',
      await buyer.invoke('POST /shipping/batches/{batchId}/purchase', {
        token: ann.token,
        params: { batchId },
        body: { paymentMethod: 'credits' },
        headers: { 'idempotency-key': buyer.idempotencyKey() },
      }),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    await buyer.batchQueueIdle();
    const reader = await container();
    const batch = noServerError(
      'GET /shipping/batches/{batchId}',
      await reader.invoke('GET /shipping/batches/{batchId}', { token: ann.token, params: { batchId } }),
    );
    expect(batch.json).toMatchObject({ status: 'done', counts: { toBuy: 2, bought: 2, failed: 0 } });
    await app.expectLedgerInvariant(ann.id);
  });

  it('the stand-in held every request for a second before letting it through', () => {
    expect(seen.withoutInvocationId).toBe(0);
    expect(seen.invocations).toBeGreaterThan(40);
    // Every request was refused at least once, and every one got through in the end.
    expect(seen.refused).toBeGreaterThanOrEqual(seen.invocations);
    expect(seen.passed).toBe(seen.invocations);
    expect(seen.longestHeldMs).toBeGreaterThanOrEqual(HOT_MS);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  });
});

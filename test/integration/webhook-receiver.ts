/**
 * A shop's webhook endpoint for tests: a local HTTP server that keeps every request it gets and
 * answers the statuses it is told (200 once the list runs out), and a delivery written straight
 * into the table for the routes' own tests.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { transact } from '../../functions/data/client';
import { newDeliveryId, newDeliveryStep, recordAttempt, getDelivery } from '../../functions/data/webhook-deliveries';

export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Statuses the next requests are answered, in order (200 after). */
  answers: number[];
  /** Resolves once `n` requests have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    async waitFor(n, timeoutMs = 10_000) {
      const until = performance.now() + timeoutMs;
      while (received.length < n) {
        if (performance.now() > until) throw new Error(`the receiver got ${received.length} of ${n} requests`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A delivery of a made-up label.created event to the endpoint, stored as `status` (a given-up one has one failed attempt). */
export async function storedDelivery(accountId: string, endpointId: string, status: 'pending' | 'failed' = 'pending'): Promise<string> {
  const now = new Date();
  const id = newDeliveryId(now);
  const body = JSON.stringify({ id: `evt_${id}`, type: 'label.created', createdAt: now.toISOString(), data: { shipOrderId: 'made-up' } });
  await transact([
    newDeliveryStep({ id, endpointId, accountId, eventId: `evt_${id}`, type: 'label.created', subject: 'made-up', body, createdAt: now.toISOString() }),
  ]);
  if (status === 'failed') await recordAttempt((await getDelivery({ endpointId, deliveryId: id }))!, now, { delivered: false, responseCode: 500 });
  return id;
}

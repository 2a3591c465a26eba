/**
 * The local front over real HTTP: route-table paths reach the real handlers as API Gateway v2
 * events, everything else is the SPA's, and no answer ever carries a stack trace.
 */
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { getLocalCheckout, saveLocalCheckout } from '../../functions/data/local-checkouts';
import { startFront, type Front } from '../../infra/local/server';

let front: Front;
beforeAll(async () => {
  front = await startFront({ port: 0, spa: 'none' });
});
afterAll(() => front.close());

/** One request through `agent` (fetch keeps no socket the test can see): its status, JSON body and socket. */
function send(agent: Agent, method: string, path: string, body?: string): Promise<{ status: number; body: unknown; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request(front.url + path, { method, agent, headers: body === undefined ? {} : { 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined, socket: res.socket }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One request with exactly these headers (fetch may not set Host): its status, content type and text. */
function raw(method: string, path: string, headers: Record<string, string>): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(front.url + path, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const post = (path: string, body: string, type = 'application/json') => fetch(front.url + path, { method: 'POST', headers: { 'content-type': type }, body });

describe('local front', () => {
  it('answers GET /api/counter from the real handler', async () => {
    const res = await fetch(`${front.url}/api/counter`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ count: expect.any(Number) });
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers 400 for bad JSON and for a body failing its schema', async () => {
    const bad = await post('/auth/register', '{"name":');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Request body must be valid JSON' });

    const invalid = await post('/shipping/create-label', JSON.stringify({ weight: -1 }));
    expect(invalid.status).toBe(401); // the token is checked before the body on user routes
    const invalidPublic = await post('/auth/register', JSON.stringify({ name: 'A', email: 'no', password: 'weak' }));
    expect(invalidPublic.status).toBe(400);
    const body = (await invalidPublic.json()) as { fields: Record<string, string> };
    expect(body.fields).toMatchObject({
      name: 'Name must be at least 2 characters',
      email: 'Invalid email format',
      password: 'Password must be at least 8 characters',
    });
  });

  it('answers GET /openapi.json with the OpenAPI document made from the contract', async () => {
    const res = await fetch(`${front.url}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/shipping/create-label']).toHaveProperty('post');
  });

  it('passes path parameters through', async () => {
    const res = await fetch(`${front.url}/shipping/download-order/abc%20123`);
    expect(res.status).toBe(401);
  });

  it('survives a path parameter with a malformed escape (it once threw outside any catch)', async () => {
    const res = await fetch(`${front.url}/shipping/download-order/%E0%A4`);
    expect(res.status).toBe(401);
    expect((await fetch(`${front.url}/api/counter`)).status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404 and wrong methods with 405', async () => {
    const missing = await fetch(`${front.url}/auth/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });
    const wrong = await fetch(`${front.url}/api/counter`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await post('/auth/login', JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
  });

  it('keeps the connection usable after a 413: the next request on it is answered (it once got ECONNRESET)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const oversized = await send(agent, 'POST', '/auth/login', 'x'.repeat(3 * 1024 * 1024));
      expect(oversized).toMatchObject({ status: 413, body: { message: 'Request body is too large' } });
      const next = await send(agent, 'GET', '/api/counter');
      expect(next.status).toBe(200);
      // Both went over the one kept-alive socket.
      expect(next.socket).toBe(oversized.socket);
    } finally {
      agent.destroy();
    }
  });

  it('refuses malformed bodies with a 400 and a plain message, never a crash or a stack trace', async () => {
    const answers = await Promise.all([
      post('/auth/login', '{'),
      post('/auth/login', '[]'),
      post('/auth/login', 'null'),
      post('/auth/login', JSON.stringify({ email: { $gt: '' }, password: ['a'], __proto__: { admin: true } })),
      post('/stripe/webhook', 'not json', 'text/plain'),
    ]);
    for (const res of answers) {
      const text = await res.text();
      // A client error the caller can read: a 5xx here would mean the handler crashed on the input.
      expect(res.status, text).toBe(400);
      expect(JSON.parse(text), text).toEqual(expect.objectContaining({ message: expect.any(String) }));
      expect(text).not.toMatch(/\n\s+at |\.ts:\d+|node_modules/);
    }
  });

  it('answers only loopback Host names: another name (DNS rebinding) gets a plain 403 and reaches no handler', async () => {
    const port = new URL(front.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost', `LOCALHOST:${port}`]) {
      expect((await raw('GET', '/api/counter', { host })).status, host).toBe(200);
    }
    for (const host of [`evil.example:${port}`, `127.0.0.1.nip.io:${port}`, `0x7f.1:${port}`, `user@localhost:${port}`, `192.168.1.5:${port}`]) {
      const res = await raw('GET', '/api/counter', { host });
      expect(res.status, host).toBe(403);
      expect(res.type).toMatch(/^text\/plain/);
      expect(res.text).toMatch(/answers only http:\/\/localhost/);
    }
    // The /_local/ pages too, where the sign-in codes are.
    expect((await raw('GET', '/_local/outbox', { host: `evil.example:${port}` })).status).toBe(403);
  });

  it('refuses a cross-site POST to /_local/*, and the checkout stays open; its own pages and non-browser clients pass', async () => {
    const host = new URL(front.url).host;
    const id = `cs_test_local_${ulid()}`;
    await saveLocalCheckout({
      id,
      provider: 'stripe',
      userId: ulid(),
      email: 'ann@example.com',
      entryId: ulid(),
      purpose: 'topup',
      amountCents: 1230,
      description: 'PrepaidShip wallet top-up',
      successUrl: `${front.url}/wallet?checkout=success`,
      cancelUrl: `${front.url}/wallet?checkout=cancelled`,
    });
    const crossSite: Record<string, string>[] = [
      { host, origin: 'https://evil.example' },
      { host, origin: 'null' },
      { host, origin: 'http://localhost:1' },
      { host, 'sec-fetch-site': 'cross-site' },
      { host, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const res = await raw('POST', `/_local/checkout/${id}/cancel`, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.text).toMatch(/only from this server's own pages/);
    }
    expect((await getLocalCheckout(id))?.status).toBe('open');
    // A cross-site GET changes nothing and still answers: the page itself.
    expect((await raw('GET', `/_local/checkout/${id}`, { host, 'sec-fetch-site': 'cross-site' })).status).toBe(200);
    // The checkout page's own form posts with its own origin, and is answered.
    const own = await raw('POST', `/_local/checkout/${id}/cancel`, { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(303);
    expect((await getLocalCheckout(id))?.status).toBe('cancelled');
    // A client that is no web page (curl, scripts) sends neither header and passes too.
    expect((await raw('POST', '/_local/tracking/NOPE/advance', { host })).status).toBe(404);
  });
});

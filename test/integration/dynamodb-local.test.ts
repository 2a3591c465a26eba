/**
 * The DynamoDB Local every test, `npm start` and the browser tests use (infra/local/dynamodb-local.ts)
 * is reachable from this machine only, and no web page can call it: it checks no credentials, so
 * either would hand a developer's tables to whoever reached it.
 */
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, inject, it } from 'vitest';

const endpoint = new URL(inject('dynamoEndpoint'));
const port = Number(endpoint.port);

/** 'open' when a TCP connection to address:port is accepted, else the error code (ECONNREFUSED). */
function tryConnect(address: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port, timeout: 3000 });
    socket.once('connect', () => (socket.destroy(), resolve('open')));
    socket.once('timeout', () => (socket.destroy(), resolve('timeout')));
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

/** This machine's own addresses other than loopback (where a listener on every interface would answer). */
const outward = Object.values(networkInterfaces())
  .flat()
  .filter((a) => a && !a.internal && !a.address.startsWith('fe80:'))
  .map((a) => a!.address);

describe('DynamoDB Local', () => {
  it('listens on 127.0.0.1', async () => {
    expect(endpoint.hostname).toBe('127.0.0.1');
    expect(await tryConnect('127.0.0.1')).toBe('open');
  });

  it.skipIf(outward.length === 0)("refuses connections on this machine's other addresses", async () => {
    for (const address of outward) expect(await tryConnect(address), address).toBe('ECONNREFUSED');
  });

  it('gives no web page leave to call it (no CORS grant to a foreign origin)', async () => {
    const preflight = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-amz-target,content-type,authorization',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const call = await fetch(endpoint, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'x-amz-target': 'DynamoDB_20120810.ListTables', 'content-type': 'application/x-amz-json-1.0' },
      body: '{}',
    });
    await call.arrayBuffer();
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
  });
});

/** What the local front refuses before anything answers: foreign Host names, cross-site POSTs to /_local/*. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, refusal } from '../../../infra/local/request-guard';

const req = (method: string, headers: Record<string, string>) => ({ method, headers }) as unknown as IncomingMessage;

describe('isLoopbackHost', () => {
  it('accepts the loopback names with or without a port', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3108', '127.1.2.3', '[::1]:3000', 'app.localhost:5173', 'LOCALHOST:80']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('refuses every other name, a missing Host, and anything the URL parser would rewrite', () => {
    for (const host of [
      undefined,
      '',
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      '0x7f.1',
      '2130706433',
      'user@localhost',
      'localhost/x',
      '192.168.1.5:3000',
      '[::ffff:7f00:1]',
    ]) {
      expect(isLoopbackHost(host), String(host)).toBe(false);
    }
  });
});

describe('refusal', () => {
  const host = 'localhost:3000';
  it('refuses a foreign Host on any path with 403', () => {
    expect(refusal(req('GET', { host: 'evil.example:3000' }), '/')).toMatchObject({ status: 403 });
  });

  it('refuses a cross-site POST to /_local/* only', () => {
    expect(refusal(req('POST', { host, origin: 'https://evil.example' }), '/_local/scheduled-work')).toMatchObject({ status: 403 });
    expect(refusal(req('POST', { host, origin: 'http://localhost' }), '/_local/scheduled-work')).toMatchObject({ status: 403 });
    expect(refusal(req('POST', { host, 'sec-fetch-site': 'same-site' }), '/_local/checkout/x/pay')).toMatchObject({ status: 403 });
    // The API routes take a bearer token, which no page of another origin holds; a GET changes nothing.
    expect(refusal(req('POST', { host, origin: 'https://evil.example' }), '/auth/login')).toBeUndefined();
    expect(refusal(req('GET', { host, 'sec-fetch-site': 'cross-site' }), '/_local/outbox')).toBeUndefined();
  });

  it('lets through its own origin and clients that are no web page', () => {
    expect(refusal(req('POST', { host, origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }), '/_local/checkout/x/pay')).toBeUndefined();
    expect(refusal(req('POST', { host: 'localhost:80', origin: 'http://localhost' }), '/_local/checkout/x/pay')).toBeUndefined();
    expect(refusal(req('POST', { host, 'sec-fetch-site': 'none' }), '/_local/scheduled-work')).toBeUndefined();
    expect(refusal(req('POST', { host }), '/_local/scheduled-work')).toBeUndefined();
  });
});

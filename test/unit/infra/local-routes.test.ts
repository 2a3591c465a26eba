/**
 * The local-only pages (outbox, sandbox checkout, running the scheduled work) answer only the developer at this machine: a
 * request from any other address is told there is no such path, before anything is read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isLoopback, localRoutes } from '../../../infra/local/local-routes';

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('counts %s as this machine', (address) => {
    expect(isLoopback(address)).toBe(true);
  });

  it.each(['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', 'fe80::1', '128.0.0.1', '127.0.0', '', undefined])('refuses %s', (address) => {
    expect(isLoopback(address)).toBe(false);
  });
});

describe('localRoutes from another machine', () => {
  it.each(['/_local/outbox', '/_local/checkout/abc', '/_local/checkout/abc/pay', '/_local/scheduled-work'])(
    'answers 404 to %s without reading anything',
    async (path) => {
      const answer: { status?: number; body?: string } = {};
      const res = {
        writeHead: (status: number) => ((answer.status = status), res),
        end: (body?: string) => void (answer.body = body),
      } as unknown as ServerResponse;
      const req = {
        method: path.endsWith('/pay') || path.endsWith('/scheduled-work') ? 'POST' : 'GET',
        headers: {},
        socket: { remoteAddress: '192.168.1.20' },
      } as unknown as IncomingMessage;

      // No table is configured here: reaching the outbox or the checkout store would throw.
      await localRoutes(req, res, new URL(`http://192.168.1.5:3000${path}`));

      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body ?? '{}')).toEqual({ message: 'Not found' });
    },
  );
});

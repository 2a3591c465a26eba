/**
 * The local front (infra/local/lambda-front.ts): which route a request reaches, and the events it
 * builds, in which it alone says which origin it served.
 */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { findRoute } from '../../../domain/api/routes';
import { SERVED_ORIGIN_HEADER } from '../../../functions/http/app-origin';
import { matchRoute, toEvent } from '../../../infra/local/lambda-front';

const request = (headers: Record<string, string>) => ({ headers, httpVersion: '1.1', socket: { remoteAddress: '127.0.0.1' } }) as unknown as IncomingMessage;

describe('toEvent', () => {
  const route = findRoute('POST /auth/forgot-password');

  it('sets the served origin from the Host it answered, replacing any copy the client sent', () => {
    const event = toEvent(
      request({ host: '127.0.0.1:3203', [SERVED_ORIGIN_HEADER]: 'http://localhost:9999' }),
      new URL('http://127.0.0.1:3203/auth/forgot-password'),
      Buffer.alloc(0),
      route,
      {},
    );
    expect(event.headers[SERVED_ORIGIN_HEADER]).toBe('http://127.0.0.1:3203');
  });

  it('passes no served origin on when there is no Host', () => {
    const event = toEvent(request({ [SERVED_ORIGIN_HEADER]: 'http://localhost:9999' }), new URL('http://x/auth/forgot-password'), Buffer.alloc(0), route, {});
    expect(event.headers[SERVED_ORIGIN_HEADER]).toBeUndefined();
  });
});

describe('matchRoute', () => {
  const reached = (method: string, path: string) => {
    const match = matchRoute(method, path);
    return match.kind === 'route' ? { handler: match.route.handler, params: match.params } : match;
  };

  // The route list is in no particular order for matching: the literal path wins wherever it is listed.
  it('prefers a literal segment to a path parameter, as API Gateway does', () => {
    expect(reached('GET', '/shipping/batches/template.csv')).toEqual({ handler: 'shipping/batches/get-batch-template', params: {} });
    expect(reached('GET', '/shipping/batches/01JB')).toEqual({ handler: 'shipping/batches/get-batch', params: { batchId: '01JB' } });
    expect(reached('GET', '/shipping/batches/01JB/labels.pdf')).toEqual({ handler: 'shipping/batches/get-batch-labels', params: { batchId: '01JB' } });
  });

  it('tells a known path with another method from an unknown path', () => {
    expect(reached('DELETE', '/auth/login')).toEqual({ kind: 'method-not-allowed', allow: ['POST'] });
    expect(reached('GET', '/auth/nothing-here')).toEqual({ kind: 'none' });
  });
});

/** The local front's events (infra/local/lambda-front.ts): it alone says which origin it served. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { findRoute } from '../../../domain/api/routes';
import { SERVED_ORIGIN_HEADER } from '../../../functions/http/app-origin';
import { toEvent } from '../../../infra/local/lambda-front';

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

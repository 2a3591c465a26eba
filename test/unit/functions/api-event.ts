/** Builds API Gateway HTTP API (v2) events and Lambda contexts for handler unit tests. */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { ApiHandler } from '../../../functions/http/handler';

export function apiEvent(init: {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  query?: Record<string, string>;
  params?: Record<string, string>;
  isBase64Encoded?: boolean;
  /** The connection's address as API Gateway reports it; 127.0.0.1 unless given. */
  sourceIp?: string;
}): APIGatewayProxyEventV2 {
  const method = init.method ?? 'GET';
  const path = init.path ?? '/';
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: init.headers ?? {},
    queryStringParameters: init.query,
    pathParameters: init.params,
    body: init.body,
    isBase64Encoded: init.isBase64Encoded ?? false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'test',
      domainPrefix: 'test',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: init.sourceIp ?? '127.0.0.1', userAgent: 'vitest' },
      requestId: 'req-from-gateway',
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
  };
}

/**
 * A Lambda context for tests. Middy aborts a handler shortly before `getRemainingTimeInMillis()`
 * runs out, on the (possibly faked) clock: tests that advance fake time must not trip it, so the
 * test "Lambda" has ten minutes.
 */
export const lambdaContext = (awsRequestId = 'req-test-1'): Context =>
  ({ awsRequestId, functionName: 'test', getRemainingTimeInMillis: () => 600_000 }) as unknown as Context;

/** Calls a handler and parses its JSON body. */
export async function call(handler: ApiHandler, event: APIGatewayProxyEventV2) {
  const res = await handler(event, lambdaContext());
  const text = res.body ?? '';
  const isJson = String(res.headers?.['content-type'] ?? '').startsWith('application/json');
  return { ...res, json: isJson && text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

/**
 * Turns local HTTP requests into API Gateway HTTP API (payload v2) events and hands them to the
 * very handler modules the route table names, the way API Gateway does in AWS. The local front
 * (server.ts) sends every request whose first path segment is an API prefix here.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVED_ORIGIN_HEADER } from '../../functions/http/app-origin';
import type { ApiHandler } from '../../functions/http/handler';
import { routes, type Route } from '../../domain/api/routes';

/** API Gateway's own payload limit is 10 MB; nothing this API takes comes near 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

const ROOT = resolve(import.meta.dirname, '../..');

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  paramNames: string[];
}

/**
 * A path's rank among those that may match the same request, as API Gateway ranks them: at the first
 * segment where two paths differ, a literal one comes before a `{parameter}`, so
 * `/shipping/batches/template.csv` is tried before `/shipping/batches/{batchId}` whatever the order
 * of the route list.
 */
const specificity = (path: string): string =>
  path
    .split('/')
    .map((segment) => (segment.startsWith('{') ? '1' : '0'))
    .join('');

const compiled: CompiledRoute[] = routes
  .map((route) => {
    const paramNames: string[] = [];
    const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
      paramNames.push(name);
      return '([^/]+)';
    });
    return { route, pattern: new RegExp(`^${source}$`), paramNames };
  })
  .sort((a, b) => specificity(a.route.path).localeCompare(specificity(b.route.path)));

const modules = new Map<string, Promise<ApiHandler>>();

/** Loads a handler module once, as a Lambda container would. */
function loadHandler(route: Route): Promise<ApiHandler> {
  let loaded = modules.get(route.handler);
  if (!loaded) {
    const url = pathToFileURL(resolve(ROOT, 'functions/handlers', `${route.handler}.ts`)).href;
    loaded = import(url).then((m: { handler: ApiHandler }) => m.handler);
    modules.set(route.handler, loaded);
  }
  return loaded;
}

export type Match = { kind: 'route'; route: Route; params: Record<string, string> } | { kind: 'method-not-allowed'; allow: string[] } | { kind: 'none' };

/** Finds the route for a method and path the way API Gateway matches route keys. */
export function matchRoute(method: string, path: string): Match {
  const allow: string[] = [];
  for (const { route, pattern, paramNames } of compiled) {
    const m = pattern.exec(path);
    if (!m) continue;
    if (route.method !== method) {
      allow.push(route.method);
      continue;
    }
    const params = Object.fromEntries(paramNames.map((name, i) => [name, decodePathSegment(m[i + 1] ?? '')]));
    return { kind: 'route', route, params };
  }
  return allow.length ? { kind: 'method-not-allowed', allow } : { kind: 'none' };
}

/** A path parameter as the handler sees it; a malformed escape (`%E0%A4`) stays as sent instead of throwing. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The rest of an oversized body that is still read (and dropped) so the 413 goes out on a clean
 * connection the client can keep using; a client sending more than this is answered and cut off
 * (`connection: close`) instead of being read for ever.
 */
const DRAIN_LIMIT_BYTES = 16 * MAX_BODY_BYTES;

type Body = Buffer | { tooLarge: true; close: boolean };

/**
 * The request body, or a note that it is over MAX_BODY_BYTES. An oversized body is still read to its
 * end (up to DRAIN_LIMIT_BYTES) rather than left unread: leaving it made the next request on the same
 * keep-alive connection fail with ECONNRESET.
 */
export async function readBody(req: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > DRAIN_LIMIT_BYTES) return { tooLarge: true, close: true };
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? { tooLarge: true, close: false } : Buffer.concat(chunks);
}

const TEXT_TYPE = /^(text\/|application\/(.+\+)?(json|x-www-form-urlencoded|xml))/i;

/** The v2 event API Gateway would build for this request. */
export function toEvent(req: IncomingMessage, url: URL, body: Buffer, route: Route, params: Record<string, string>): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // The front vouches for the origin it served (links point back at it: functions/http/app-origin.ts);
  // a copy the client sent is replaced, never passed on.
  if (headers.host) headers[SERVED_ORIGIN_HEADER] = `http://${headers.host}`;
  else delete headers[SERVED_ORIGIN_HEADER];
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const isText = body.length === 0 || TEXT_TYPE.test(headers['content-type'] ?? '');
  const now = Date.now();
  const routeKey = `${route.method} ${route.path}`;
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie?.split(/;\s*/).filter(Boolean),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !isText,
  };
}

function lambdaContext(route: Route, requestId: string): Context {
  return {
    awsRequestId: requestId,
    functionName: `local-${route.handler.replace('/', '-')}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${route.handler.replace('/', '-')}`,
    memoryLimitInMB: '512',
    logGroupName: `/aws/lambda/local-${route.handler.replace('/', '-')}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * With CONTRACT_RECORD_FILE set (only by the browser suite and the integration test files), every
 * API answer is appended to that file as one JSON line, and the tests check them all against the
 * OpenAPI document (test/contract/answer-check.ts).
 */
function recordAnswer(route: Route, status: number, headers: Record<string, string | string[]>, body: string | undefined): void {
  const file = process.env.CONTRACT_RECORD_FILE;
  if (!file) return;
  const contentType = String(headers['content-type'] ?? '');
  let json: unknown;
  if (/^application\/json/i.test(contentType) && body) json = JSON.parse(body);
  appendFileSync(file, JSON.stringify({ route: `${route.method} ${route.path}`, status, contentType, body: json }) + '\n');
}

/** Answers one API request through its Lambda handler. */
export async function invokeRoute(req: IncomingMessage, res: ServerResponse, url: URL, route: Route, params: Record<string, string>): Promise<void> {
  const body = await readBody(req);
  if (!Buffer.isBuffer(body)) {
    const tooLarge = { message: 'Request body is too large' };
    recordAnswer(route, 413, { 'content-type': 'application/json' }, JSON.stringify(tooLarge));
    return sendJson(res, 413, tooLarge, body.close ? { connection: 'close' } : {});
  }
  const event = toEvent(req, url, body, route, params);
  const handler = await loadHandler(route);
  const result = await handler(event, lambdaContext(route, event.requestContext.requestId));
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  recordAnswer(route, result.statusCode ?? 200, headers, result.isBase64Encoded ? undefined : result.body);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
}

/**
 * THE handler factory. Every Lambda is `export const handler = api('METHOD /path', fn)`: the access
 * level, the body and query schemas and the answer type all come from the route's entry in the API
 * contract (domain/api/routes.ts), so a handler cannot disagree with the table about who may call
 * it, what it accepts or what it answers. Middy runs the fixed order: normalise headers, check the
 * token, parse and validate the body, run the handler, and map errors last. A handler body only
 * calls data/ and returns a value (200 JSON) or a Reply.
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { fieldErrors } from '../../domain/validation';
import { BadRequest, exposedError, Forbidden, HttpError, Unauthorized } from '../errors';
import { findRoute, type AnswerOf, type BodyOf, type QueryOf, type Route, type RouteKey, type RouteOf } from '../../domain/api/routes';
import { getUserById } from '../data/users';
import { createLogger, describeError, type Logger } from './logger';
import { verifySessionToken, type SessionClaims } from './tokens';

type AuthOf<K extends RouteKey> = RouteOf<K>['access'] extends 'otp' | 'user' | 'admin' ? SessionClaims : undefined;

export interface ApiRequest<K extends RouteKey> {
  /** The validated body (undefined for routes without a schema). */
  body: BodyOf<K>;
  /** The body exactly as received: webhooks verify signatures over it. */
  rawBody: string;
  params: Record<string, string>;
  /** The query string, validated when the route gives a schema. */
  query: QueryOf<K>;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The verified session on `user` and `admin` routes. */
  auth: AuthOf<K>;
  log: Logger;
  requestId: string;
  /** The caller's address as API Gateway saw it (captcha checks, rate limits). */
  sourceIp: string | undefined;
}

/** A response other than 200 JSON: another status, extra headers, or a binary body (of type T). */
export class Reply<T = unknown> {
  constructor(
    readonly statusCode: number,
    readonly body: T,
    readonly headers: Record<string, string> = {},
  ) {}

  /** A binary answer (a PDF), sent base64-encoded as API Gateway expects; the contract calls it a Blob. */
  static binary(data: Uint8Array, contentType: string, headers: Record<string, string> = {}): Reply<Blob> {
    return new Reply(200, Buffer.from(data) as unknown as Blob, { 'content-type': contentType, ...headers });
  }
}

/** What a handler may return for route K: its answer (200), or a Reply carrying it. */
type Returned<K extends RouteKey> = AnswerOf<K> extends Blob ? Reply<Blob> : AnswerOf<K> | Reply<AnswerOf<K>>;

/** Runs a schema over input, turning a failure into the API's 400 `{ message, fields }`. */
function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const { message, fields } = fieldErrors(parsed.error);
    throw new BadRequest(message, fields);
  }
  return parsed.data;
}

export type ApiHandler = ((event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>) & {
  route: Route;
};

const JSON_TYPE = /^application\/(.+\+)?json\s*(;|$)/i;

function respond(statusCode: number, body: unknown, requestId: string, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  const base = { 'cache-control': 'no-store', 'x-request-id': requestId, ...headers };
  if (Buffer.isBuffer(body)) {
    return { statusCode, headers: base, body: body.toString('base64'), isBase64Encoded: true };
  }
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', ...base },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/** The body as text; API Gateway base64-encodes bodies it considers binary. */
const rawBodyOf = (event: APIGatewayProxyEventV2): string =>
  event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';

/**
 * Parses JSON ourselves rather than with @middy/http-json-body-parser: that one answers 415 for
 * malformed JSON, while our contract is 400 with a message. A missing body validates as `{}` so
 * the caller learns which fields are required.
 */
function parseJson(raw: string, contentType: string | undefined): unknown {
  if (raw.trim() === '') return {};
  if (!contentType || !JSON_TYPE.test(contentType)) throw new HttpError(415, 'Content-Type must be application/json');
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequest('Request body must be valid JSON');
  }
}

/**
 * `otp` routes take any valid session token (the code step); `user` and `admin` routes need a
 * token that passed the code step, and `admin` the admin role.
 */
async function authenticate(route: Route, headers: Record<string, string>): Promise<SessionClaims | undefined> {
  if (route.access === 'public' || route.access === 'webhook') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  const claims = match?.[1] ? await verifySessionToken(match[1]) : undefined;
  if (!claims) throw new Unauthorized();
  if (route.access === 'otp') return claims;
  if (claims.scope !== 'full') throw new Forbidden('Enter the code we sent to your email first');
  // An admin claim is checked against the stored account (one read, admins only), so a demoted
  // admin's token stops working at once instead of when it expires.
  const role = claims.role === 'admin' ? ((await getUserById(claims.userId))?.role ?? 'user') : claims.role;
  if (route.access === 'admin' && role !== 'admin') throw new Forbidden();
  return { ...claims, role };
}

/** Makes the Lambda handler for the route `key` of the route table. */
export function api<K extends RouteKey>(key: K, fn: (req: ApiRequest<K>) => Promise<Returned<K>>): ApiHandler {
  const route: Route = findRoute(key);

  const core = async (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const requestId = context.awsRequestId || event.requestContext?.requestId || randomUUID();
    const log = createLogger({ requestId, route: key });
    try {
      const headers = (event.headers ?? {}) as Record<string, string>;
      const auth = await authenticate(route, headers);
      const rawBody = rawBodyOf(event);
      const body = 'body' in route ? validate(route.body, parseJson(rawBody, headers['content-type'])) : undefined;
      const rawQuery = event.queryStringParameters ?? {};
      const query = 'query' in route ? validate(route.query, rawQuery) : rawQuery;
      const result: unknown = await fn({
        body: body as BodyOf<K>,
        rawBody,
        params: (event.pathParameters ?? {}) as Record<string, string>,
        query: query as QueryOf<K>,
        headers,
        auth: auth as AuthOf<K>,
        log,
        requestId,
        sourceIp: event.requestContext?.http?.sourceIp,
      });
      if (result instanceof Reply) return respond(result.statusCode, result.body, requestId, result.headers);
      return respond(200, result ?? {}, requestId);
    } catch (err) {
      const exposed = exposedError(err);
      if (exposed && exposed.statusCode < 500) {
        const { statusCode, message, fields } = exposed;
        return respond(statusCode, fields ? { message, fields } : { message }, requestId);
      }
      if (exposed) {
        // A deliberate 5xx (501): its message is ours, safe to show; still logged for operations.
        log.warn('deliberate server error', { statusCode: exposed.statusCode, detail: (err as { detail?: string }).detail ?? exposed.message });
        return respond(exposed.statusCode, { message: exposed.message }, requestId);
      }
      log.error('unhandled error', describeError(err));
      return respond(500, { message: 'Something went wrong. Please try again.', requestId }, requestId);
    }
  };

  const handler = middy(core).use(httpHeaderNormalizer()) as unknown as ApiHandler;
  handler.route = route;
  return handler;
}


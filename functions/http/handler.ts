/**
 * THE handler factory. Every Lambda is `export const handler = api(route.<its entry>, fn)`: the access
 * level and the body and query schemas come from the route's entry in the API contract
 * (domain/api/route-table.ts), the answer type from the route's answer (domain/api/answers.ts, read as a
 * type only: no answer schema is bundled), so a handler cannot disagree with the contract about who
 * may call it, what it accepts or what it answers. Auth, validation and error mapping are middy middlewares
 * in one fixed order (see api()); a handler body only calls data/ or a service and returns a value
 * (200 JSON) or a Reply.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type * as z from '../../domain/schemas/zod';
import { fieldErrors } from '../../domain/validation';
import { BadRequest, exposedError, Forbidden, HttpError, Unauthorized } from '../errors';
import type { AnswerOf } from '../../domain/api/answers';
import { routeKey, type BodyOf, type QueryOf, type Route, type RouteKey, type RouteOf } from '../../domain/api/routes';
import { getLiveSessionWith, touchSession, type Session } from '../data/sessions';
import { findApiKey, touchApiKey } from '../data/api-keys';
import { limitApiKey } from '../accounts/limits';
import { isApiKeyText, type ApiKeyScope } from '../../domain/api-keys';
import { keyScopeOf } from '../../domain/api/key-scope';
import { membershipFrom, membershipKey } from '../data/members';
import { roleCovers, TEAM_ROLE_REFUSED, teamRoleOf, type TeamRole } from '../../domain/api/team-roles';
import { getUserById } from '../data/users';
import { logger, type Logger } from '../observability/logger';
import { publishIfAny } from '../observability/metrics';
import { verifySessionToken, type SessionClaims } from './tokens';
import { appOrigin } from './app-origin';
import { clientAddress } from './client-address';
import { config } from '../config';

/** The key (`"METHOD /path"`) of the table entry R. */
type KeyOf<R extends Route> = Extract<`${R['method']} ${R['path']}`, RouteKey>;

/**
 * Who the request acts as: a verified session token and its live session, or an API key
 * (functions/data/api-keys.ts). For a key, `userId` is the key's account, `role` is `user`, `scope`
 * is `full` and `sessionId` is `key:<key id>`, which names no session.
 */
export type Authenticated = SessionClaims & {
  /** The live session; absent when the caller is an API key. */
  session?: Session;
  /**
   * Whose wallet, labels, addresses and batches the request acts on: the team owner's user id for a
   * member of a team (functions/data/members.ts), the person's own id otherwise, the key's account
   * for an API key. `userId` stays the person signed in (their sessions, profile, password, factors).
   */
  accountId: string;
  /** The person's role in that account: `owner` on their own account, and for an API key (its scopes limit it). */
  teamRole: TeamRole;
  /** The API key that authenticated the request. */
  apiKey?: { id: string; name: string; scopes: readonly ApiKeyScope[] };
};

type AuthOf<K extends RouteKey> = RouteOf<K>['access'] extends 'otp' | 'user' | 'admin' ? Authenticated : undefined;

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
  /** The verified token and its live session on `otp`, `user` and `admin` routes. */
  auth: AuthOf<K>;
  log: Logger;
  requestId: string;
  /**
   * The client's address (captcha checks, rate limits): CloudFront's viewer address when the request
   * proves it came through our distribution, else the connection's (functions/http/client-address.ts).
   */
  sourceIp: string | undefined;
  /** Where links built for this request point (return URLs, mail links): functions/http/app-origin.ts. */
  appOrigin: string;
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

  /** 303 See Other: the file is fetched from `location` instead (a file route whose entry names `seeOther`). */
  static seeOther(location: string): Reply<Blob> {
    return new Reply(303, Buffer.alloc(0) as unknown as Blob, { location });
  }
}

/** What a handler may return for route K: its answer (200), or a Reply carrying it. */
type Returned<K extends RouteKey> = AnswerOf<K> extends Blob ? Reply<Blob> : AnswerOf<K> | Reply<AnswerOf<K>>;

/** Runs a schema over input, turning a failure into the API's 400 `{ message, fields }`. */
function validate<T extends z.ZodMiniType>(schema: T, input: unknown): z.output<T> {
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

/** The body's bytes: base64-decoded when API Gateway encoded it, else the text's UTF-8. */
const rawBytesOf = (event: APIGatewayProxyEventV2): Uint8Array =>
  event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : new Uint8Array();

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
 * A file route's body (a batch's CSV): refused with 415 under another Content-Type, else its bytes
 * exactly as sent, for the route's own parser to judge (encoding included).
 */
function fileBody(mediaType: string, bytes: Uint8Array, contentType: string | undefined): Uint8Array {
  const given = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (given !== mediaType) throw new HttpError(415, `Content-Type must be ${mediaType}`);
  return bytes;
}

/**
 * `otp` routes take any valid session token (the code step); `user` and `admin` routes need a
 * token that passed the code step, and `admin` the admin role. Every token must name a live session
 * (one consistent read), so a session ended by logout or a password change stops its tokens at once.
 * A bearer that starts `psk_` is an API key instead, judged by authenticateKey. A `user` route acts
 * on the person's team account in their team role, and refuses a role below the route's least
 * (domain/api/team-roles.ts).
 */
async function authenticate(route: Route, headers: Record<string, string>): Promise<Authenticated | undefined> {
  if (route.access === 'public' || route.access === 'webhook') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  if (match?.[1] && isApiKeyText(match[1])) return authenticateKey(route, match[1]);
  const claims = match?.[1] ? await verifySessionToken(match[1]) : undefined;
  // A user route also reads the person's team membership, in the session's own consistent read:
  // removing a member deletes it, so a removed member's live token stops at once.
  const read = claims && (await getLiveSessionWith(claims.userId, claims.sessionId, route.access === 'user' ? membershipKey(claims.userId) : undefined));
  const session = read?.session;
  const membership = membershipFrom(read?.item);
  if (!claims || !session) throw new Unauthorized();
  // Recording the use is bookkeeping for the sessions list: a failed write must not fail the request.
  await touchSession(session).catch((err: unknown) => logger.warn('session use not recorded', { error: String(err) }));
  const own = { accountId: claims.userId, teamRole: 'owner' as TeamRole };
  if (route.access === 'otp') return { ...claims, session, ...own };
  if (claims.scope !== 'full') throw new Forbidden('Enter the code we sent to your email first');
  // An admin claim is checked against the stored account (one read, admins only), so a demoted
  // admin's token stops working at once instead of when it expires.
  const role = claims.role === 'admin' ? ((await getUserById(claims.userId))?.role ?? 'user') : claims.role;
  if (route.access === 'admin' && role !== 'admin') throw new Forbidden();
  const team = membership ? { accountId: membership.accountId, teamRole: membership.role } : own;
  if (route.access === 'user' && !roleCovers(team.teamRole, teamRoleOf(route))) throw new Forbidden(TEAM_ROLE_REFUSED);
  return { ...claims, role, session, ...team };
}

/**
 * An API key (docs/decisions/0220-api-keys.md): a live key (one consistent read by its hash, so a
 * revoked key answers 401 at once) reaches the `user` routes whose scope it holds (keyScopeOf) and
 * nothing else, with no session and no code step; each request is counted against the key's rate
 * (429 with Retry-After past it, docs/decisions/0221-per-key-rate-limits.md).
 */
async function authenticateKey(route: Route, text: string): Promise<Authenticated> {
  const key = await findApiKey(text);
  if (!key) throw new Unauthorized('This API key is not valid or has been revoked');
  const needed = keyScopeOf(route);
  if (needed === 'none') throw new Forbidden('API keys cannot call this route');
  if (!key.scopes.includes(needed)) throw new Forbidden(`This API key lacks the ${needed} scope`);
  await limitApiKey(key.id);
  // Recording the use is bookkeeping for the keys list: a failed write must not fail the request.
  await touchApiKey(key, text).catch((err: unknown) => logger.warn('API key use not recorded', { error: String(err) }));
  return {
    userId: key.accountId,
    role: 'user',
    scope: 'full',
    sessionId: `key:${key.id}`,
    accountId: key.accountId,
    teamRole: 'owner',
    apiKey: { id: key.id, name: key.name, scopes: key.scopes },
  };
}

/** What the middlewares work out before the handler runs, kept on the invocation's context. */
interface Prepared {
  requestId: string;
  log: Logger;
  headers: Record<string, string>;
  rawBody: string;
  auth?: Authenticated;
  body?: unknown;
  query: Record<string, unknown>;
}
type ApiContext = Context & { prepared: Prepared };
type ApiMiddleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>;

/** The request id, the request's logger (a child of the route's) and the raw body. */
const prepare = (routeLogger: Logger): ApiMiddleware => ({
  before: ({ event, context }) => {
    const requestId = context.awsRequestId || event.requestContext?.requestId || randomUUID();
    context.prepared = {
      requestId,
      log: routeLogger.createChild({ persistentKeys: { requestId } }),
      headers: (event.headers ?? {}) as Record<string, string>,
      rawBody: rawBodyOf(event),
      query: event.queryStringParameters ?? {},
    };
  },
});

/** The token check of the route's access level (401/403 before anything is parsed). */
const authorize = (route: Route): ApiMiddleware => ({
  before: async ({ context }) => {
    context.prepared.auth = await authenticate(route, context.prepared.headers);
  },
});

/** Parses and validates the body and query with the route's schemas (400 with per-field messages). */
const validateInput = (route: Route): ApiMiddleware => ({
  before: ({ event, context }) => {
    const p = context.prepared;
    if ('body' in route) p.body = validate(route.body, parseJson(p.rawBody, p.headers['content-type']));
    // A file route's bytes as sent, before any decoding as UTF-8: its parser judges the encoding.
    if ('textBody' in route) p.body = fileBody(route.textBody, rawBytesOf(event), p.headers['content-type']);
    if ('query' in route) p.query = validate(route.query, p.query);
  },
});

/** Publishes the business metrics the request recorded, whichever way it ended. */
const publishMetrics = (): ApiMiddleware => ({ after: publishIfAny, onError: publishIfAny });

/**
 * Turns an error into the API's answer; registered last, so it is the first to see an error.
 * Errors under 500 are the caller's (their message is written for people); a deliberate 5xx keeps
 * its own message; anything else is logged and becomes a plain 500 with the request id.
 */
const mapErrors = (): ApiMiddleware => ({
  onError: (request) => {
    const { requestId, log } = request.context.prepared ?? { requestId: request.context.awsRequestId, log: logger };
    const err = request.error;
    const exposed = exposedError(err);
    if (exposed && exposed.statusCode < 500) {
      const { statusCode, message, fields, headers, extra } = exposed;
      request.response = respond(statusCode, fields ? { message, fields, ...extra } : { message, ...extra }, requestId, headers);
    } else if (exposed) {
      // A deliberate 5xx (502 from a provider): its message is ours, safe to show; still logged for operations.
      log.warn('deliberate server error', { statusCode: exposed.statusCode, detail: (err as { detail?: string }).detail ?? exposed.message });
      request.response = respond(exposed.statusCode, { message: exposed.message }, requestId);
    } else {
      log.error('unhandled error', err as Error);
      request.response = respond(500, { message: 'Something went wrong. Please try again.', requestId }, requestId);
    }
  },
});

/**
 * Makes the Lambda handler for `entry`, the route's own export from the route table
 * (domain/api/route-table.ts): handed the entry rather than its key, a Lambda's bundle holds that one
 * entry and its body and query schemas instead of the whole table. Middy runs the middlewares in this
 * fixed order, which is the whole request pipeline: normalise header names, give the logger the
 * Lambda context, prepare the request, check the token, validate the input, run the handler; on
 * the way out publish the metrics; errors are mapped by the last-registered middleware.
 */
export function api<R extends Route, K extends RouteKey = KeyOf<R>>(entry: R, fn: (req: ApiRequest<K>) => Promise<Returned<K>>): ApiHandler {
  const route: Route = entry;
  const key = routeKey(route);
  // One child per route: the local front runs every route in one process, a Lambda only its own.
  const routeLogger = logger.createChild({ persistentKeys: { route: key } });

  const run = async (event: APIGatewayProxyEventV2, context: ApiContext): Promise<APIGatewayProxyStructuredResultV2> => {
    const p = context.prepared;
    const result: unknown = await fn({
      body: p.body as BodyOf<K>,
      rawBody: p.rawBody,
      params: (event.pathParameters ?? {}) as Record<string, string>,
      query: p.query as QueryOf<K>,
      headers: p.headers,
      auth: p.auth as AuthOf<K>,
      log: p.log,
      requestId: p.requestId,
      sourceIp: clientAddress(p.headers, event.requestContext?.http?.sourceIp, config().ORIGIN_VERIFY_SECRET),
      appOrigin: appOrigin(p.headers),
    });
    if (result instanceof Reply) return respond(result.statusCode, result.body, p.requestId, result.headers);
    return respond(200, result ?? {}, p.requestId);
  };

  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, ApiContext>()
    .use(httpHeaderNormalizer())
    .use(injectLambdaContext(routeLogger, { resetKeys: true }))
    .use(prepare(routeLogger))
    .use(authorize(route))
    .use(validateInput(route))
    .use(publishMetrics())
    .use(mapErrors())
    .handler(run) as unknown as ApiHandler;
  handler.route = route;
  return handler;
}

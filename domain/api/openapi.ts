/**
 * The published API contract: an OpenAPI 3.1 document made from the route table, its zod schemas
 * (bodies, queries) and its answers' (domain/api/answers.ts), so the reference at /docs/api and
 * every client read exactly what the handlers validate and return. Pure: the build writes it to
 * dist/openapi.json (CloudFront serves it from S3), the local front answers it at /openapi.json,
 * and the contract tests check every answer the test suites receive against it (test/contract/).
 *
 * zod-openapi turns each schema into JSON Schema 2020-12 (3.1's dialect): a body as the caller
 * writes it (before trimming and coercion), an answer as the handler returns it; schemas with a
 * `.meta({ id })` become shared components.
 */
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import * as z from 'zod';
import { answerOf } from './answers';
import { apiErrorSchema } from './errors';
import { keyScopeOf } from './key-scope';
import { WEBHOOK_GUIDE } from './webhook-guide';
import { routeKey, routes, type Access, type ErrorStatus, type RouteEntry } from './routes';

export const OPENAPI_PATH = '/openapi.json';

/** What each error status means in this API, as the reference shows it. */
const ERROR_MEANING: Record<ErrorStatus, string> = {
  400: 'Bad input: `message` says what, `fields` has one message per field. Nothing changed.',
  401: 'No valid session token (sign in again), or an API key that is unknown or revoked.',
  402: 'The wallet balance does not cover the price. Nothing changed.',
  403: 'The token may not call this route (the code step is not done, or not an admin), or the API key lacks the scope the route needs or may not call it at all.',
  404: 'No such item for this account.',
  409: 'The item is not in a state that allows this, or the same work is still under way (then `Retry-After` says when to ask again).',
  410: 'Gone for good: a refunded label can no longer be downloaded.',
  413: 'The body is larger than 1 MiB.',
  415: 'The body is not of the media type the route takes (`application/json`, or `text/csv` for a batch upload).',
  429: 'Too many attempts, or too many requests with one API key: `Retry-After` says how many seconds to wait.',
  500: 'Unexpected failure: `requestId` names the request for support. Nothing was charged twice.',
  502: 'A provider (carrier, payments, tracking, captcha) did not answer: try again in a moment.',
};

/** The statuses the handler factory gives a route of this kind, whatever its code does. */
export function factoryErrors(route: Pick<RouteEntry, 'access' | 'method' | 'path' | 'keyScope' | 'body' | 'query' | 'textBody'>): ErrorStatus[] {
  const statuses: ErrorStatus[] = [500];
  if (route.body || route.query) statuses.push(400);
  if (route.body || route.textBody) statuses.push(413, 415);
  if (route.access === 'otp' || route.access === 'user' || route.access === 'admin') statuses.push(401);
  // A key is refused 403 on every guarded route it may not call, so `otp` routes answer 403 too.
  if (route.access === 'otp' || route.access === 'user' || route.access === 'admin') statuses.push(403);
  // Each API key's requests are counted (docs/decisions/0221-per-key-rate-limits.md).
  if (keyScopeOf(route) !== 'none') statuses.push(429);
  return statuses;
}

/** Every error status route `r` may answer, ascending. */
export function errorStatuses(r: RouteEntry): ErrorStatus[] {
  return [...new Set([...factoryErrors(r), ...(r.errors ?? [])])].sort((a, b) => a - b);
}

const ACCESS_NOTE: Record<Access, string> = {
  public: 'Anyone may call it.',
  otp: 'Needs a session token; the sign-in token (before the emailed code) is enough.',
  user: 'Needs the session token of a verified user (after the emailed code).',
  admin: "Needs an admin's verified session token.",
  webhook: "Called by the payment provider: no token; the handler verifies the provider's signature over the raw body.",
};

/** What the document says of a route an API key may call, with the scope it needs. */
const KEY_NOTE = (scope: string) => `An API key with the \`${scope}\` scope may call it instead (\`apiKeyAuth\`).`;

/** `auth/list-users` -> `authListUsers`: unique, as the handler modules are. */
const operationId = (handler: string) => handler.replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase());

function operationOf(r: RouteEntry): ZodOpenApiOperationObject {
  const pathNames = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const success = String(r.status ?? 200);
  const answer = answerOf(r);
  const responses: ZodOpenApiResponsesObject = {
    [success]:
      'file' in answer
        ? {
            description: 'The file.',
            content: Object.fromEntries(
              [answer.file, ...(answer.alternatives ?? [])].map((type) => [type, { schema: { type: 'string' as const, contentMediaType: type } }]),
            ),
          }
        : { description: success === '201' ? 'Created.' : 'OK.', content: { 'application/json': { schema: answer } } },
  };
  if (r.seeOther) {
    responses['303'] = {
      description: r.seeOther,
      headers: { Location: { description: 'Where the file is fetched from, without the token.', schema: { type: 'string', format: 'uri' } } },
    };
  }
  for (const status of errorStatuses(r)) {
    responses[String(status) as `${ErrorStatus}`] = { description: ERROR_MEANING[status], content: { 'application/json': { schema: apiErrorSchema } } };
  }
  const guarded = r.access === 'otp' || r.access === 'user' || r.access === 'admin';
  const keyScope = keyScopeOf(r);
  const access = keyScope === 'none' ? ACCESS_NOTE[r.access] : `${ACCESS_NOTE[r.access]} ${KEY_NOTE(keyScope)}`;
  return {
    operationId: operationId(r.handler),
    summary: routeKey(r),
    description: r.note ? `${access} ${r.note}` : access,
    tags: [r.handler.split('/')[0] as string],
    // Either scheme may authenticate an operation that lists both (OpenAPI: alternatives).
    security: guarded ? [{ bearerAuth: [] }, ...(keyScope === 'none' ? [] : [{ apiKeyAuth: [] }])] : [],
    ...(pathNames.length || r.query
      ? {
          requestParams: {
            ...(pathNames.length ? { path: z.object(Object.fromEntries(pathNames.map((n) => [n, z.string()]))) } : {}),
            ...(r.query ? { query: r.query as z.ZodObject } : {}),
          },
        }
      : {}),
    ...(r.body
      ? { requestBody: { required: false, content: { 'application/json': { schema: r.body } } } }
      : r.textBody
        ? { requestBody: { required: true, content: { [r.textBody]: { schema: { type: 'string' as const, contentMediaType: r.textBody } } } } }
        : r.access === 'webhook'
          ? { requestBody: { required: true, description: "The provider's event, exactly as it signed it.", content: { 'application/json': { schema: {} } } } }
          : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the whole API (every route of domain/api/route-table.ts). */
export function openApiDocument(): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const r of routes as readonly RouteEntry[]) {
    const item = (paths[r.path] ??= {});
    item[r.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'] = operationOf(r);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'PrepaidShip API',
      version: '1',
      description:
        'Prepaid USPS labels: accounts, wallet top-ups, labels, tracking and refunds. Amounts are exact integer cents (`...Cents`) beside dollars for display. Conventions, idempotency and limits: docs/api.md.\n\n' +
        WEBHOOK_GUIDE,
    },
    servers: [{ url: '/', description: 'The same origin as the web app.' }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A session token from signing in (POST /auth/login, then the emailed code): a person using the web app.',
        },
        apiKeyAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'psk_live_... or psk_test_...',
          description:
            "An API key made at POST /account/api-keys, sent as `Authorization: Bearer psk_...`: a shop's software, without the code step. It reaches the operations that list `apiKeyAuth`, each needing the scope its description names (read, labels or wallet), and nothing under /auth, /account, /admin or support. Each key may make a limited number of requests a minute (429 with Retry-After beyond).",
        },
      },
    },
  });
}

/**
 * The API contract: every HTTP endpoint of the product, with who may call it, the schemas of its
 * body and query, and the statuses it answers. The entries are in ./route-table.ts, each its own
 * export; this module lists them all and types the rest of the product by them. What each route
 * answers (a zod schema or a file marker) is in ./answers.ts, keyed by the entry's `handler`, and
 * ./openapi.ts publishes both as the OpenAPI document (/openapi.json).
 *
 * The CDK stack makes one Lambda per route, the local front mounts the same routes, the handler
 * factory (functions/http/handler.ts) validates each body with the entry's schema and type-checks
 * the handler's answer against the route's answer (`AnswerOf`, ./answers.ts), and the SPA's one
 * client (web/api-client/client.ts) types every call's body and answer from the same contract, so a
 * changed answer breaks the compile on both sides. test/unit/routes.test.ts checks that the table,
 * the answers, the handler modules and the stack agree. Paths are exactly the spec's (SPEC.md
 * section 7).
 *
 * A Lambda bundles its own entry and nothing else of the table: its handler imports the entry from
 * ./route-table.ts, and everything this module builds from the whole table is a pure expression,
 * which esbuild drops from a bundle that does not read it (the handler factory reads `routeKey`
 * only). The answers stay off the entries for the same reason: a handler needs only their type, so
 * no answer schema reaches a bundle, and a route without a body or query schema bundles no zod.
 */
import type * as z from '../schemas/zod';
import type { RouteEntry } from './route-entry';
import * as table from './route-table';

export type { Access, ErrorStatus, Method, RouteEntry, TableAccess } from './route-entry';

/** Every route, as ./route-table.ts exports them. */
export type Route = (typeof table)[keyof typeof table];

/**
 * Every route, in the order of their handler modules' paths: by area, as functions/handlers/ and the
 * published document's tags group them. Nothing reads meaning into the order; the local front ranks
 * the paths it matches itself (infra/local/lambda-front.ts).
 */
export const routes: readonly Route[] = /* @__PURE__ */ (() =>
  Object.values(table).sort((a, b) => (a.handler < b.handler ? -1 : a.handler > b.handler ? 1 : 0)))();

/** `"METHOD /path"`: the key a handler module names its route by. */
export type RouteKey = `${Route['method']} ${Route['path']}`;

export const routeKey = (r: Pick<RouteEntry, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** The table's entry for `K`. */
export type RouteOf<K extends RouteKey> = Extract<
  Route,
  { method: K extends `${infer M} ${string}` ? M : never; path: K extends `${string} ${infer P}` ? P : never }
>;

/** The body route `K` accepts, as a caller writes it (before the schema's trimming and coercion); a file route's text. */
export type BodyIn<K extends RouteKey> =
  RouteOf<K> extends { body: infer S extends z.ZodMiniType } ? z.input<S> : RouteOf<K> extends { textBody: string } ? string : undefined;

/** The body route `K`'s handler receives, validated; a file route's raw bytes. */
export type BodyOf<K extends RouteKey> =
  RouteOf<K> extends { body: infer S extends z.ZodMiniType } ? z.output<S> : RouteOf<K> extends { textBody: string } ? Uint8Array : undefined;

/** The query route `K`'s handler receives, validated (raw strings when the route has no schema). */
export type QueryOf<K extends RouteKey> = RouteOf<K> extends { query: infer S extends z.ZodMiniType } ? z.output<S> : Record<string, string>;

/** Finds a route by its key; throws at module load for a key that is not in the table. */
export function findRoute(key: RouteKey): Route {
  const found = routes.find((r) => routeKey(r) === key);
  if (!found) throw new Error(`No route ${key} in domain/api/route-table.ts`);
  return found;
}

/**
 * First path segments that belong to the API (`/auth`, `/api`, ...). CloudFront sends these to API
 * Gateway and the local front answers unknown paths under them with a JSON 404 instead of the SPA.
 * Marked pure, as `routes` is, so a Lambda that never reads them does not keep the whole table.
 */
export const apiPrefixes: string[] = /* @__PURE__ */ (() => [...new Set(routes.map((r) => '/' + r.path.split('/')[1]))])();

/**
 * CloudFront path patterns that send requests to the API: `<prefix>/*` for each prefix, plus the
 * prefix itself when a route is exactly that path (`POST /support`).
 */
export const apiPathPatterns: string[] = /* @__PURE__ */ (() =>
  apiPrefixes.flatMap((prefix) => [`${prefix}/*`, ...(routes.some((r) => r.path === prefix) ? [prefix] : [])]))();

/**
 * The one HTTP client of the SPA. Calls are named by their key in the API contract
 * (domain/api/routes.ts, `'GET /auth/profile'`), and the contract types each call: TypeScript only
 * accepts endpoints that exist, the body the route's schema takes, and gives back the route's answer
 * type (`AnswerOf`, from domain/api/answers.ts), the same one the server's handler must return.
 * The API is on the same origin as the SPA, so paths are relative.
 */
import type { AnswerOf } from '@domain/api/answers';
import type { BodyIn, RouteKey, RouteOf } from '@domain/api/routes';
import { loadPage } from '@/lib/full-page-navigation';
import { paths } from '@/lib/paths';
import { endSession, getSession } from '@/lib/session';

export interface RequestOptions<K extends RouteKey = RouteKey> {
  /** Values for the `{name}` placeholders of the route's path. */
  params?: Record<string, string>;
  /** Query string; undefined values are left out. */
  query?: Record<string, string | undefined>;
  /** Sent as JSON: what the route's body schema takes. */
  body?: RouteOf<K> extends { textBody: string } ? never : BodyIn<K>;
  /**
   * The body of a route whose contract says `textBody: 'text/csv'` (a batch upload), sent as it is
   * with that Content-Type. A File goes byte for byte, so the server, not the browser, judges its encoding.
   */
  csv?: RouteOf<K> extends { textBody: 'text/csv' } ? string | Blob : never;
  /** Extra request headers (create-label's `Idempotency-Key`); they cannot replace the JSON type or the token. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A non-2xx answer: the server's `{ message, fields }` with the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages of a 400, keyed like the request body. */
    readonly fields: Record<string, string> = {},
    /** False when the answer carried no message and `message` is our generic stand-in. */
    readonly hasServerMessage = true,
    /** The answer's `Retry-After` in seconds: the work is still under way, ask again then. */
    readonly retryAfterSeconds?: number,
    /** A 402 for a label: what a card would pay for it to go through (create-label's `payShortfall`). */
    readonly shortfallCents?: number,
    /** A 409 for a purchase whose quote expired or whose form changed: the answer carried a fresh quote. */
    readonly requoted = false,
    /** That fresh quote's id and the asked row's price (a return label's dialog buys from it). */
    readonly quote?: { quoteId: string; priceCents: number | null },
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What to tell a person about a failed call: the server's own message when it sent one (they are
 * written for people, docs/api.md), otherwise `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string;
export function errorMessage(error: unknown, fallback?: string): string | undefined;
export function errorMessage(error: unknown, fallback?: string): string | undefined {
  return error instanceof ApiError && error.hasServerMessage ? error.message : fallback;
}

/** `fetch` rejects with a TypeError when the request never got an answer (offline, DNS, CORS). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * True when a failed call carrying an `Idempotency-Key` may still have acted on the server: no
 * answer came (network), a 5xx other than the route's `decided` ones (a documented failure that
 * changed nothing, like create-label's 502), or a 409 with Retry-After (the first request with this
 * key is still at work). Only then must a retry carry the same key, so the server answers the first
 * request instead of acting twice.
 */
export function mayHaveActed(error: unknown, decided: readonly number[] = []): boolean {
  if (isNetworkError(error)) return true;
  if (!(error instanceof ApiError)) return false;
  return (error.status >= 500 && !decided.includes(error.status)) || (error.status === 409 && error.retryAfterSeconds !== undefined);
}

/** Turns `'DELETE /auth/addresses/{id}'` plus options into the method and the URL to call. */
export function resolveRoute(key: RouteKey, { params = {}, query = {} }: Pick<RequestOptions, 'params' | 'query'> = {}): { method: string; url: string } {
  const [method, template] = key.split(' ') as [string, string];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: missing path parameter "${name}"`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  const qs = search.toString();
  return { method, url: qs ? `${path}?${qs}` : path };
}

/** `Retry-After` as seconds (the API sends whole seconds; an HTTP date is not used by it). */
function retryAfterOf(header: string | null): number | undefined {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const { message, fields, shortfallCents, quote, priceCents } = (body ?? {}) as {
    message?: unknown;
    fields?: unknown;
    shortfallCents?: unknown;
    quote?: unknown;
    priceCents?: unknown;
  };
  const hasMessage = typeof message === 'string' && message !== '';
  return new ApiError(
    response.status,
    hasMessage ? message : `Request failed (${response.status})`,
    fields && typeof fields === 'object' ? (fields as Record<string, string>) : {},
    hasMessage,
    retryAfterOf(response.headers.get('retry-after')),
    Number.isInteger(shortfallCents) ? (shortfallCents as number) : undefined,
    typeof quote === 'object' && quote !== null,
    typeof quote === 'object' && quote !== null && typeof (quote as { quoteId?: unknown }).quoteId === 'string'
      ? { quoteId: (quote as { quoteId: string }).quoteId, priceCents: Number.isInteger(priceCents) ? (priceCents as number) : null }
      : undefined,
  );
}

async function send<K extends RouteKey>(key: K, options: RequestOptions<K>): Promise<Response> {
  const { method, url } = resolveRoute(key, options);
  const token = getSession().token;
  const csv = options.csv !== undefined;
  const headers: Record<string, string> = { ...options.headers, 'Content-Type': csv ? 'text/csv' : 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(url, {
    method,
    headers,
    body: csv ? options.csv : options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'include',
    signal: options.signal,
  });

  // A 401 on a call that carried a token means the session is over (expired or revoked): forget
  // it and start again at the login page. A 401 without a token (a failed sign-in) is left to the
  // caller, which shows the server's message instead of reloading the page under the user.
  if (response.status === 401 && token) {
    endSession();
    if (window.location.pathname !== paths.login) loadPage(paths.login);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** The routes that answer JSON, and those that answer a file (the label PDF). */
export type JsonRouteKey = { [K in RouteKey]: AnswerOf<K> extends Blob ? never : K }[RouteKey];
export type FileRouteKey = Exclude<RouteKey, JsonRouteKey>;

/** Calls a route and returns its JSON answer, typed by the contract. Throws `ApiError`. */
export async function apiRequest<K extends JsonRouteKey>(key: K, options: RequestOptions<K> = {}): Promise<AnswerOf<K>> {
  const response = await send(key, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as AnswerOf<K>;
}

/** Calls a route that answers with a file (the label PDF) and returns it as a Blob. */
export async function apiBlob<K extends FileRouteKey>(key: K, options: RequestOptions<K> = {}): Promise<Blob> {
  const response = await send(key, options);
  return response.blob();
}

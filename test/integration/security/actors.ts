/**
 * Shared helpers of the security proof suites: the five kinds of caller, the real handler of any
 * route-table entry called with an API Gateway v2 event, a full read of this file's table (so
 * "nothing was written" is checked on the data, not on the answer), and the shape every refusal
 * must have. Each integration file has a table of its own (test/integration/setup-env.ts), so a
 * scan sees only what that file did.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../functions/data/client';
import { listOutbox } from '../../../functions/data/outbox';
import type { User } from '../../../domain/api/users';
import { createUser } from '../../../functions/data/users';
import { createApiKey } from '../../../functions/data/api-keys';
import { API_KEY_SCOPES } from '../../../domain/api-keys';
import { inviteMember, joinTeam } from '../../../functions/data/members';
import type { TeamRole } from '../../../domain/api/team-roles';
import type { ApiHandler } from '../../../functions/http/handler';
import { signSessionToken } from '../../session-token';
import { type Role } from '../../../functions/http/tokens';
import { findRoute, routeKey, type Route, type RouteKey } from '../../../domain/api/routes';
import { hashPassword } from '../../../functions/security/passwords';
import { apiEvent, call } from '../../unit/functions/api-event';
import { contractViolation } from '../../contract/answer-check';
import { creditWallet } from '../wallet-credit';
import { sampleAddress, sampleLabelOrder } from '../../fixtures/label-order';

/**
 * Who calls: nobody signed in; the owner holding only the sign-in (`otp` scope) token; the owner
 * verified; a second verified user reaching for the owner's ids; an admin doing the same; the
 * owner's software with an API key holding every scope.
 */
export const ACTORS = ['anonymous', 'otp', 'user', 'other', 'admin', 'key'] as const;
export type Actor = (typeof ACTORS)[number];

/** The password of every account these suites make (meets the sign-up rules). */
export const PASSWORD = 'Str0ng!pass';

export interface Account extends User {
  /** Full-scope session token (passed the code step). */
  token: string;
  /** Sign-in token: reaches only the code routes. */
  otpToken: string;
}

/** The owner of the ids under test, a second user, an admin, and an API key of the owner's with every scope. */
export interface World {
  owner: Account;
  other: Account;
  admin: Account;
  ownerKey: string;
}

let n = 0;
// scrypt is deliberately slow: hash the shared password once per file, not once per account.
let passwordHash: Promise<string> | undefined;

/** A verified account with a real password hash and both kinds of token. */
export async function newAccount(role: Role = 'user', label = 'sec'): Promise<Account> {
  const user = await createUser({
    name: `${label} ${role}`,
    email: `${label}-${role}-${++n}-${Date.now()}@example.com`,
    passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
    role,
    verified: true,
  });
  const [token, otpToken] = await Promise.all([
    signSessionToken({ userId: user.id, role, scope: 'full' }),
    signSessionToken({ userId: user.id, role, scope: 'otp' }),
  ]);
  return { ...user, token, otpToken };
}

export async function newWorld(label = 'sec'): Promise<World> {
  const [owner, other, admin] = await Promise.all([newAccount('user', label), newAccount('user', label), newAccount('admin', label)]);
  const { key: ownerKey } = await createApiKey(owner.id, { name: `${label} key`, scopes: [...API_KEY_SCOPES] });
  return { owner, other, admin, ownerKey };
}

/** The account an actor acts as (undefined: anonymous) and the token it sends. */
export function actorAccount(world: World, actor: Actor): Account | undefined {
  return { anonymous: undefined, otp: world.owner, user: world.owner, other: world.other, admin: world.admin, key: world.owner }[actor];
}
export function actorToken(world: World, actor: Actor): string | undefined {
  if (actor === 'otp') return world.owner.otpToken;
  if (actor === 'key') return world.ownerKey;
  return actorAccount(world, actor)?.token;
}

/**
 * A member of `owner`'s team in `role`, joined the way the routes join one (the invitation and the
 * acceptance of functions/data/members.ts), with their own tokens: their requests act on the owner's
 * account.
 */
export async function newMember(owner: Account, role: TeamRole, label = 'sec'): Promise<Account> {
  const person = await newAccount('user', `${label}-${role}`);
  const invited = await inviteMember(owner, owner.email, person.email, role);
  await joinTeam(invited, person);
  return person;
}

const handlers = new Map<string, Promise<ApiHandler>>();

/** The handler module the route table names for `route`, imported as the Lambda would load it. */
export function handlerOf(route: Route): Promise<ApiHandler> {
  let loaded = handlers.get(route.handler);
  if (!loaded) {
    const url = pathToFileURL(resolve(import.meta.dirname, '../../../functions/handlers', `${route.handler}.ts`)).href;
    loaded = import(url).then((m: { handler: ApiHandler }) => m.handler);
    handlers.set(route.handler, loaded);
  }
  return loaded;
}

export interface Req {
  /** A JSON body (serialised here) ... */
  body?: unknown;
  /** ... or the body text exactly as sent. */
  raw?: string;
  /** Content type of a body; application/json unless given. */
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** The caller's address (API Gateway's sourceIp); 127.0.0.1 unless given. */
  sourceIp?: string;
}

export type Answer = Awaited<ReturnType<typeof call>>;

/** The exact `METHOD /path` keys of the table (RouteKey is every method with every path). */
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
export type TableKey = KeyOf<Route>;

/** No lone surrogate: text a URL (and so API Gateway) can carry. */
export function isWellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** The API Gateway v2 event for `req` on `route` (the path filled from the params). */
export function eventFor(route: Route, req: Req): APIGatewayProxyEventV2 {
  const raw = req.raw ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
  const headers: Record<string, string> = { ...req.headers };
  if (raw !== undefined) headers['content-type'] ??= req.contentType ?? 'application/json';
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = req.params?.[name] ?? '';
    return isWellFormed(value) ? encodeURIComponent(value) : value;
  });
  return apiEvent({ method: route.method, path, headers, body: raw, query: req.query, params: req.params, sourceIp: req.sourceIp });
}

/**
 * Calls the real handler of the route `key` with `req`. Every answer, errors included, is checked
 * against the published OpenAPI document (test/contract/answer-check.ts): a handler that answers
 * what the document does not say fails the test that called it.
 */
export async function invoke(key: RouteKey, req: Req = {}): Promise<Answer> {
  const route = findRoute(key);
  const res = await call(await handlerOf(route), eventFor(route, req));
  const violation = contractViolation({
    route: key,
    status: res.statusCode ?? 200,
    contentType: String(res.headers?.['content-type'] ?? ''),
    body: res.json,
  });
  expect(violation, 'the answer keeps to the OpenAPI document').toBeUndefined();
  return res;
}

/** Every item of this file's table, each as one canonical JSON line, sorted: equal lists, equal data. */
export async function scanTable(): Promise<string[]> {
  const lines: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: start }));
    // A session's lastUsedAt is bookkeeping the handler factory rewrites every few minutes on any
    // authenticated request, refused or not: a long suite would otherwise read it as a change.
    for (const item of out.Items ?? []) lines.push(canonical(item.entity === 'session' ? { ...item, lastUsedAt: undefined } : item));
    start = out.LastEvaluatedKey;
  } while (start);
  return lines.sort();
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Set)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v instanceof Set
        ? [...(v as Set<unknown>)].sort()
        : v,
  );

/** What a stack trace, a source path or an internal error name looks like in an answer. */
export const LEAK = /\n\s+at |\bat .+:\d+:\d+|\.ts:\d+|node_modules|(Type|Reference|Syntax|Range)Error|ValidationException|TransactionCanceled/;

/** A refusal the API may give: a 4xx (never a 5xx), JSON `{ message }` with a string message, no internals. */
export function expectRefusal(res: Answer, context = ''): void {
  const where = context ? ` (${context})` : '';
  expect(res.statusCode, `status${where}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `status${where}: ${res.body}`).toBeLessThan(500);
  expect(typeof res.json?.message, `JSON { message }${where}: ${res.body}`).toBe('string');
  expect(res.body ?? '', `no internals${where}`).not.toMatch(LEAK);
}

/** No request may have planted a property on every object (prototype pollution). */
export function expectPrototypesClean(): void {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).role).toBeUndefined();
}

// ------------------------------------------------------------------------------------------------
// Valid bodies the suites start from
// ------------------------------------------------------------------------------------------------

export const address = sampleAddress;
export const labelOrder = sampleLabelOrder;

let keys = 0;
export const idempotencyKey = () => `sec-${Date.now()}-${++keys}`;

/** Buys a label for `account` through the real create-label handler (crediting $20 first). */
export async function buyLabel(account: Account): Promise<{ shipOrderId: string; tracking: string; priceCents: number }> {
  await creditWallet(account, 2000);
  const res = await invoke('POST /shipping/create-label', {
    token: account.token,
    headers: { 'idempotency-key': idempotencyKey() },
    body: labelOrder(),
  });
  if (res.statusCode !== 201) throw new Error(`could not buy the test label: ${res.statusCode} ${res.body}`);
  return (res.json as { label: { shipOrderId: string; tracking: string; priceCents: number } }).label;
}

/** The sign-in codes mailed to `email` (the local outbox), newest first. */
export async function mailedCodes(email: string): Promise<string[]> {
  const mails = await listOutbox({ to: email });
  return mails.map((m) => /verification code: (\w+)/.exec(m.text)?.[1]).filter((c): c is string => c !== undefined);
}

/** Route keys of the table, for the completeness checks of the suites' own tables. */
export const routeKeys = (list: readonly Route[]): string[] => list.map((r) => routeKey(r)).sort();

/**
 * EasyPost's official Node client (`@easypost/api`), made in this one place for the carrier
 * (carrier/easypost-carrier.ts) and the address check (address/easypost-address-verifier.ts).
 *
 * The library is imported on the first call that needs it, not at load: it ships beside the
 * Lambda bundles (infra/lambda-bundling.ts, SHIPPED_BESIDE), so a Lambda whose requests never reach
 * EasyPost never evaluates it. One client per API key and base URL, kept for the process's life.
 *
 * The library builds every request (the path under `{EASYPOST_API_URL}/v2/`, the JSON body, HTTP
 * Basic auth with the key as user name and no password). What EasyPost answered is read from the
 * HTTP answer itself, its status and body text, and not from the library's objects or errors: it
 * turns an error body that is not JSON (a proxy's 502 page) into a TypeError without the status, so
 * a refusal could not be told from a lost answer, and its objects carry our request in `_params`.
 * Its `timeout` option is never applied to a request, so each request gets EASYPOST_TIMEOUT_MS as
 * superagent's response timeout and overall deadline.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type EasyPost from '@easypost/api';
import type { Address } from '../../domain/schemas/addresses';

/** How long one EasyPost call may take, from sending the request to the last byte of its answer. */
export const EASYPOST_TIMEOUT_MS = 15_000;

export type EasyPostClient = InstanceType<typeof EasyPost>;

/** Which EasyPost account, and where its API is. */
export interface EasyPostAccount {
  apiKey: string;
  /** e.g. https://api.easypost.com (no /v2; a trailing slash is ignored). */
  apiUrl: string;
}

/** EasyPost's HTTP answer to one call, whatever its status. */
export interface EasyPostAnswer {
  status: number;
  /** The body as sent (JSON from EasyPost itself; anything from a proxy in front of it). */
  text: string;
}

/** The part of superagent's request the middleware uses (the library types it `any`). */
interface SuperagentRequest {
  timeout(timeouts: { response: number; deadline: number }): SuperagentRequest;
  buffer(buffer: boolean): SuperagentRequest;
  parse(parser: (res: IncomingMessage, done: (err: Error | null, body?: unknown) => void) => void): SuperagentRequest;
}

/** Where the request being made in this async context leaves its answer. */
const answers = new AsyncLocalStorage<{ answer?: EasyPostAnswer }>();

const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Every request gets the timeout, and a parser that keeps the whole body as text for the caller
 * (and still gives the library the JSON it expects). A body that is not JSON reaches the library as
 * no body: it then fails in its own way, and the caller reads the answer instead.
 */
function requestMiddleware(request: SuperagentRequest): SuperagentRequest {
  const seen = answers.getStore();
  return request
    .timeout({ response: EASYPOST_TIMEOUT_MS, deadline: EASYPOST_TIMEOUT_MS })
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        if (seen) seen.answer = { status: res.statusCode ?? 0, text };
        done(null, jsonOf(text));
      });
    });
}

const clients = new Map<string, Promise<EasyPostClient>>();

/** The client for `account`, the library imported on the first call. */
function clientFor({ apiKey, apiUrl }: EasyPostAccount): Promise<EasyPostClient> {
  // The library appends each call's path (`shipments`) to a base URL that ends in `/v2/`.
  const baseUrl = `${apiUrl.replace(/\/+$/, '')}/v2/`;
  const key = `${baseUrl} ${apiKey}`;
  let client = clients.get(key);
  if (!client) {
    client = import('@easypost/api').then(({ default: Client }) => new Client(apiKey, { baseUrl, requestMiddleware }));
    // A failed import is tried again on the next call rather than remembered.
    client.catch(() => clients.delete(key));
    clients.set(key, client);
  }
  return client;
}

/**
 * Makes one call with the client of `account` (`(client) => client.Shipment.create(...)`) and
 * answers EasyPost's HTTP answer, a success or an error status alike. Rejects only when no whole
 * answer came (a network error, a timeout), with the error that says why.
 */
export async function askEasyPost(account: EasyPostAccount, call: (client: EasyPostClient) => Promise<unknown>): Promise<EasyPostAnswer> {
  const client = await clientFor(account);
  const seen: { answer?: EasyPostAnswer } = {};
  try {
    await answers.run(seen, () => call(client));
  } catch (err) {
    if (!seen.answer) throw err;
  }
  if (!seen.answer) throw new Error('the EasyPost client finished without an answer');
  return seen.answer;
}

/** An address as EasyPost's Address object names its fields (the address check sends the same). */
export function easypostAddress(a: Address) {
  const { name, company, street2, city, state, zip, phone } = a;
  return { name, company, street1: a.street, street2, city, state, zip, country: a.country || 'US', phone };
}

/**
 * One POST of a webhook delivery: the JSON body and its headers, at most DELIVERY_TIMEOUT_MS from
 * the connection's start to the answer's status, the answer's body read and dropped. Through
 * node:http(s) rather than fetch because the connection's address is checked as it is resolved
 * (./url-policy.ts): a name resolving to a private address is refused before anything is sent.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isPrivateAddress, PRIVATE_ADDRESS } from './url-policy';

export const DELIVERY_TIMEOUT_MS = 10_000;

/** The endpoint's HTTP status, or why there was none (a timeout, a refused connection or address). */
export type PostResult = { status: number } | { error: string };

/** A DNS lookup that fails for private addresses unless `allowPrivate`. */
const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) return callback(new Error(PRIVATE_ADDRESS), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };

export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
  timeoutMs = DELIVERY_TIMEOUT_MS,
): Promise<PostResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An address written as such is never looked up, so it is checked here.
    if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return resolve({ error: PRIVATE_ADDRESS });
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString() },
      lookup: guardedLookup(allowPrivate),
      signal: AbortSignal.timeout(timeoutMs),
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', (err) => resolve({ error: err.name === 'AbortError' || err.name === 'TimeoutError' ? 'timeout' : err.message }));
    req.end(body);
  });
}

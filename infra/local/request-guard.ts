/**
 * What the local front refuses before anything answers.
 *
 * A Host that is not a loopback name: the front holds a developer's data and the /_local/ pages
 * (sign-in codes, Pay), and a web page on a name its owner points at 127.0.0.1 (DNS rebinding)
 * would otherwise be same-origin with it. Browsers never resolve localhost, *.localhost, 127.x.y.z
 * or [::1] through DNS, so only those names are answered, whatever interface the front listens on.
 *
 * A cross-site POST to /_local/*: those routes change state (Pay credits a wallet, scheduled work
 * refunds labels) and are plain form posts, so any page the developer visits could submit one.
 * Only a POST from the front's own origin, or from no browser page at all (curl, the tests), passes.
 */
import type { IncomingMessage } from 'node:http';
import { isLoopbackHostname } from '../../functions/http/app-origin';

export interface Refusal {
  status: number;
  message: string;
}

/** `http://<host>` as an origin, or undefined when the Host header is not a bare host[:port]. */
function originOf(host: string | undefined): URL | undefined {
  if (!host) return undefined;
  try {
    const url = new URL(`http://${host}`);
    // Anything the parser rewrote (user info, a path, `0x7f.1` for 127.0.0.1) is not a plain Host.
    const written = host.toLowerCase();
    return url.host === written || `${url.host}:80` === written ? url : undefined;
  } catch {
    return undefined;
  }
}

export const isLoopbackHost = (host: string | undefined): boolean => {
  const url = originOf(host);
  return url !== undefined && isLoopbackHostname(url.hostname);
};

/**
 * True when a browser says the request comes from a page of another origin: Sec-Fetch-Site other
 * than same-origin or none (typed, bookmarked), or an Origin other than the one the Host names.
 * A request with neither header was sent by no web page.
 */
export function isCrossSite(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).origin !== originOf(req.headers.host)?.origin;
  } catch {
    return true; // `Origin: null` (a sandboxed frame, a data: page) is no origin of ours
  }
}

/** Why the front refuses this request, or undefined when it may answer. */
export function refusal(req: IncomingMessage, pathname: string): Refusal | undefined {
  if (!isLoopbackHost(req.headers.host)) {
    return { status: 403, message: 'This local server answers only http://localhost, http://127.0.0.1 and http://[::1]. Open it under one of those names.' };
  }
  if ((req.method ?? 'GET').toUpperCase() === 'POST' && pathname.startsWith('/_local/') && isCrossSite(req)) {
    return { status: 403, message: "The local pages accept a POST only from this server's own pages." };
  }
  return undefined;
}

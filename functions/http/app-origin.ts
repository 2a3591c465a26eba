/**
 * The origin every link we build points at: checkout return URLs, the sandbox checkout page, the
 * Hoodpay notify URL and the links in mails. In AWS that is always APP_URL (the site's CloudFront
 * address), whatever the request says: a Host or Origin header is the caller's to choose, and a reset
 * link that followed one would send the victim's token to whoever asked for it.
 *
 * Locally a person may open the front as http://localhost:3000 or http://127.0.0.1:3000, which are
 * different origins to the browser (the session lives in one origin's storage): a payment started
 * from one and returned to the other comes back signed out. So the local front vouches for the
 * origin it served by setting SERVED_ORIGIN_HEADER itself (any copy the client sent is replaced,
 * infra/local/lambda-front.ts), and that header counts only when all of these hold:
 *   - TRUST_LOCAL_ORIGIN is set, which only infra/local/start.ts does (never the stack);
 *   - the process is not a Lambda and has no stage (a belt to those braces);
 *   - the origin is plain http on a loopback name (localhost, *.localhost, 127.x.y.z, [::1]), so a
 *     page on another name that resolves here (DNS rebinding) still gets APP_URL.
 */
import { config } from '../config';

/** Set by the local front from the Host it actually served: `http://<host>[:port]`. */
export const SERVED_ORIGIN_HEADER = 'x-prepaidship-served-origin';

const LOOPBACK_HOST = /^(localhost|[a-z0-9-]+\.localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

/** True for a host name that always means this machine: browsers never resolve these through DNS. */
export const isLoopbackHostname = (hostname: string): boolean => LOOPBACK_HOST.test(hostname);

/** `http://127.0.0.1:3000` -> itself; anything that is not an http loopback origin -> undefined. */
export function loopbackOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || !isLoopbackHostname(url.hostname)) return undefined;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  return url.origin;
}

/**
 * The origin (no trailing slash) links point at for a request with these (lower-cased) headers:
 * the origin the local front served when it may vouch for it, else APP_URL's. Without headers (work
 * that no request started, such as scheduled mails) it is APP_URL's.
 */
export function appOrigin(headers?: Record<string, string | undefined>): string {
  const c = config();
  const fallback = new URL(c.APP_URL).origin;
  const local = c.TRUST_LOCAL_ORIGIN && !c.AWS_LAMBDA_FUNCTION_NAME && !c.STAGE;
  if (!local || !headers) return fallback;
  return loopbackOrigin(headers[SERVED_ORIGIN_HEADER]) ?? fallback;
}

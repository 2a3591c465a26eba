/**
 * The caller's address, for the captcha check and the sign-in limits. Behind CloudFront, API
 * Gateway's `sourceIp` is CloudFront's edge, shared by every viewer of that edge: a limit keyed on it
 * would slow everybody for one attacker. CloudFront adds the viewer's own address as
 * `CloudFront-Viewer-Address: <ip>:<port>` (the API behaviour's origin request policy forwards it),
 * but anyone can send that header straight to the execute-api endpoint, which stays reachable. So the
 * header counts only when the request also carries the origin secret CloudFront adds as a custom
 * origin header (infra/stack.ts); otherwise the address is the connection's (`sourceIp`), which is
 * what a direct caller really is. Locally there is no secret and the front passes the socket address.
 */
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/** Set by CloudFront on the origin request: the viewer's address and port. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
/** Added by CloudFront as a custom origin header; its value is the stage's ORIGIN_VERIFY_SECRET. */
export const ORIGIN_SECRET_HEADER = 'x-prepaidship-origin';

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `1.2.3.4:5678` -> `1.2.3.4`; `2406:2d40::c4a:42838` (IPv6, no brackets) -> `2406:2d40::c4a`. */
export function viewerIp(header: string): string | undefined {
  const colon = header.trim().lastIndexOf(':');
  if (colon <= 0 || !/^\d{1,5}$/.test(header.trim().slice(colon + 1))) return undefined;
  const ip = header
    .trim()
    .slice(0, colon)
    .replace(/^\[(.*)\]$/, '$1');
  return isIP(ip) ? ip : undefined;
}

/**
 * The client's address: the viewer address CloudFront reports when the request proves it came
 * through our distribution (the origin secret matches), else the connection's source address.
 */
export function clientAddress(headers: Record<string, string | undefined>, sourceIp: string | undefined, originSecret: string | undefined): string | undefined {
  const proof = headers[ORIGIN_SECRET_HEADER];
  const viewer = headers[VIEWER_ADDRESS_HEADER];
  if (originSecret && proof && viewer && sameSecret(proof, originSecret)) return viewerIp(viewer) ?? sourceIp;
  return sourceIp;
}

/**
 * The subject a per-address limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address as its /64, since one subscriber commonly holds a whole /64 and could
 * otherwise start afresh from each of its addresses.
 */
export function addressSubject(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A dotted IPv4 tail (`64:ff9b::1.2.3.4`) fills two groups.
  const rightGroups = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - rightGroups).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => String(parseInt(g, 16).toString(16)))
    .join(':')}::/64`;
}

/**
 * Which webhook endpoint addresses we send to. In production: https only, and never an address of
 * our own network (private, loopback, link-local, carrier-grade NAT, multicast, reserved), so an
 * endpoint cannot make our Lambdas call the instance metadata service or anything else behind the
 * firewall (server-side request forgery). The host name is checked when the endpoint is registered
 * and every address it resolves to is checked again at each connection (./http-post.ts), so a name
 * that later resolves elsewhere (DNS rebinding) is refused then. Locally (not a production stage and
 * the app's own origin on a loopback name) plain http and loopback receivers are allowed, so a
 * developer or a test can run a receiver on their machine.
 * docs/decisions/0225-webhook-urls-https-and-no-private-addresses.md.
 */
import { BlockList, isIP } from 'node:net';
import { config, isProductionStage } from '../config';
import { isLoopbackHostname } from '../http/app-origin';

export const HTTPS_ONLY = 'Webhook endpoints must use https';
export const PRIVATE_ADDRESS = 'Webhook endpoints must be public addresses';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** True for an IP address we never send to in production (IPv4-mapped IPv6 read as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  return false;
}

/** True when plain http and loopback receivers are allowed: a local run whose app origin is a loopback name. */
export function allowsLocalReceivers(): boolean {
  const c = config();
  if (isProductionStage(c)) return false;
  try {
    return isLoopbackHostname(new URL(c.APP_URL).hostname);
  } catch {
    return false;
  }
}

/** Why an endpoint address is refused, or undefined when it may be registered. */
export function refusalOf(url: string): string | undefined {
  if (allowsLocalReceivers()) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return HTTPS_ONLY;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isLoopbackHostname(parsed.hostname) || isPrivateAddress(host) || host.endsWith('.internal') || host.endsWith('.local')) return PRIVATE_ADDRESS;
  return undefined;
}

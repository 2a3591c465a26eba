/** The client's address behind CloudFront and without it (functions/http/client-address.ts). */
import { describe, expect, it } from 'vitest';
import { addressSubject, clientAddress, viewerIp } from '../../../functions/http/client-address';

const SECRET = 'origin-secret-0123456789abcdef0123456789';
const EDGE = '130.176.1.1';

describe('clientAddress', () => {
  it("takes CloudFront's viewer address when the request carries the origin secret", () => {
    const headers = { 'cloudfront-viewer-address': '203.0.113.7:51234', 'x-prepaidship-origin': SECRET };
    expect(clientAddress(headers, EDGE, SECRET)).toBe('203.0.113.7');
  });

  it('takes an IPv6 viewer address, which CloudFront writes without brackets', () => {
    const headers = { 'cloudfront-viewer-address': '2406:2d40:728d:fa10::c4a:42838', 'x-prepaidship-origin': SECRET };
    expect(clientAddress(headers, EDGE, SECRET)).toBe('2406:2d40:728d:fa10::c4a');
  });

  it('ignores a viewer address without the secret, with a wrong one, or when no secret is configured (local runs)', () => {
    const forged = { 'cloudfront-viewer-address': '203.0.113.7:51234' };
    expect(clientAddress(forged, EDGE, SECRET)).toBe(EDGE);
    expect(clientAddress({ ...forged, 'x-prepaidship-origin': `${SECRET}x` }, EDGE, SECRET)).toBe(EDGE);
    expect(clientAddress({ ...forged, 'x-prepaidship-origin': SECRET.slice(1) }, EDGE, SECRET)).toBe(EDGE);
    expect(clientAddress({ ...forged, 'x-prepaidship-origin': '' }, EDGE, undefined)).toBe(EDGE);
    expect(clientAddress({ ...forged, 'x-prepaidship-origin': SECRET }, '::1', undefined)).toBe('::1');
  });

  it('keeps the connection address when a proven viewer header is not an address', () => {
    for (const bad of ['', 'not-an-ip:80', '203.0.113.7', '203.0.113.7:', '999.1.1.1:80', '203.0.113.7:80, 198.51.100.1:80']) {
      expect(clientAddress({ 'cloudfront-viewer-address': bad, 'x-prepaidship-origin': SECRET }, EDGE, SECRET), bad).toBe(EDGE);
    }
  });
});

describe('viewerIp', () => {
  it('drops the port of IPv4, bare IPv6 and bracketed IPv6', () => {
    expect(viewerIp('198.51.100.4:443')).toBe('198.51.100.4');
    expect(viewerIp('2001:db8::1:8080')).toBe('2001:db8::1');
    expect(viewerIp('[2001:db8::1]:8080')).toBe('2001:db8::1');
  });
});

describe('addressSubject', () => {
  it('counts an IPv4 address as itself, an IPv4-mapped one as its IPv4, an IPv6 one as its /64', () => {
    expect(addressSubject('198.51.100.4')).toBe('198.51.100.4');
    expect(addressSubject('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
    expect(addressSubject('64:ff9b::198.51.100.4')).toBe('64:ff9b:0:0::/64');
    expect(addressSubject(undefined)).toBe('unknown');
  });
});

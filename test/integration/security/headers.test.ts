/**
 * Security headers on every answer of the real local front, SPA and API alike: a Content-Security-
 * Policy, HSTS, nosniff, a referrer policy and frame denial (X-Frame-Options DENY and CSP
 * frame-ancestors 'none'). The values come from infra/local/security-headers.ts, the module the
 * CloudFront policy can share; this suite also holds the policy itself to a floor (no eval, no
 * plugins, no framing, no foreign scripts) and checks it against what the SPA's HTML really needs:
 * an inline script is only allowed where Vite's dev server puts one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspDirectives, HSTS_MAX_AGE_SECONDS, securityHeaders, type CspOptions } from '../../../infra/local/security-headers';
import { startFront, type Front } from '../../../infra/local/server';
import { PRERENDERED_PAGES, SPA_SHELL } from '../../../infra/spa-documents';

const DIST_INDEX = resolve(import.meta.dirname, '../../../dist/index.html');

/** One request of each kind the front answers: the SPA (page, deep link, module, asset) and the API (ok, 4xx of each origin). */
const REQUESTS: [string, string, RequestInit?][] = [
  ['SPA page', '/'],
  ['SPA deep link', '/user-dashboard/address-management'],
  ['SPA asset', '/favicon.svg'],
  ['API 200', '/api/counter'],
  ['API 400 (handler)', '/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }],
  ['API 401 (handler)', '/auth/profile'],
  ['API 404 (front)', '/auth/nope'],
  ['API 405 (front)', '/api/counter', { method: 'DELETE' }],
  ['API 413 (front)', '/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(1024 * 1024 + 1) }],
  ['local page', '/_local/outbox'],
];

/** Script tags without a src: what a script-src without 'unsafe-inline' blocks. */
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(([, attrs]) => !/\bsrc=/i.test(attrs ?? ''));

async function expectHeadersEverywhere(front: Front, expected: Record<string, string>) {
  for (const [what, path, init] of REQUESTS) {
    const res = await fetch(front.url + path, init);
    await res.arrayBuffer();
    for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name), `${name} on ${what} (${res.status})`).toBe(value);
  }
}

describe('the security policy', () => {
  it.each<[string, CspOptions]>([
    ['built SPA', {}],
    ['dev server', { dev: true }],
    ['built SPA with reCAPTCHA', { recaptcha: true }],
  ])('%s: no eval, no plugins, no framing by anyone, no base or form hijack, scripts only from known places', (_what, options) => {
    const csp = cspDirectives(options);
    const all = Object.values(csp).flat();
    expect(all).not.toContain("'unsafe-eval'");
    // No wildcard and no whole scheme: every source names an origin or path.
    expect(all.filter((s) => s === '*' || s === 'http:' || s === 'https:')).toEqual([]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    // Script sources: our origin, Google's reCAPTCHA paths only with reCAPTCHA, inline only for Vite's dev preamble.
    const scripts = csp['script-src'] ?? [];
    expect(
      scripts.filter(
        (s) =>
          s !== "'self'" && !(options.dev && s === "'unsafe-inline'") && !(options.recaptcha && /^https:\/\/www\.(google|gstatic)\.com\/recaptcha\/$/.test(s)),
      ),
    ).toEqual([]);
    expect(scripts.includes('data:') || scripts.includes('blob:')).toBe(false);
  });

  it('is a header value a browser parses: one directive each, separated by semicolons', () => {
    const csp = contentSecurityPolicy();
    const names = csp.split('; ').map((d) => d.split(' ')[0]);
    expect(new Set(names).size).toBe(names.length);
    expect(csp).not.toMatch(/[\r\n,]/);
  });

  it('asks for HTTPS for at least a year on every subdomain', () => {
    expect(HSTS_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(31_536_000);
    expect(securityHeaders()['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
  });

  it.skipIf(!existsSync(DIST_INDEX))(
    'fits the built SPA: no built document (the shell, the prerendered pages) has an inline script for script-src to block',
    () => {
      for (const file of [SPA_SHELL, ...PRERENDERED_PAGES.map((page) => page.file)]) {
        expect(inlineScripts(readFileSync(resolve(DIST_INDEX, '..', file), 'utf8')), file).toEqual([]);
      }
    },
  );
});

describe('the local front in dev mode (npm start)', () => {
  let front: Front;
  beforeAll(async () => {
    front = await startFront({ port: 0, spa: 'dev' });
  });
  afterAll(() => front?.close());

  it('sets the security headers on SPA, API, error and local answers alike', async () => {
    await expectHeadersEverywhere(front, securityHeaders({ dev: true }));
  });

  it("allows exactly what Vite's dev page needs: its inline preamble and the hot-reload WebSocket", async () => {
    const html = await (await fetch(front.url + '/')).text();
    expect(inlineScripts(html).length).toBeGreaterThan(0);
    expect(cspDirectives({ dev: true })['script-src']).toContain("'unsafe-inline'");
    expect(cspDirectives({ dev: true })['connect-src']).toContain('ws:');
    // The built SPA gets neither.
    expect(cspDirectives()['script-src']).not.toContain("'unsafe-inline'");
    expect(cspDirectives()['connect-src']).toEqual(["'self'"]);
  });
});

describe.skipIf(!existsSync(DIST_INDEX))('the local front serving the built SPA (npm run serve)', () => {
  let front: Front;
  beforeAll(async () => {
    front = await startFront({ port: 0, spa: 'static' });
  });
  afterAll(() => front?.close());

  it('sets the security headers, with the strict script policy, on SPA, API, error and local answers alike', async () => {
    await expectHeadersEverywhere(front, securityHeaders());
  });
});

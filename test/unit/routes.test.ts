/**
 * The route table is the one list of endpoints: every entry must have its handler module (built
 * from the same entry) and its one answer (domain/api/answers.ts), and the SPA may call only what
 * the table has. The CDK side of the same agreement is in test/infra/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { ApiHandler } from '../../functions/http/handler';
import { answers } from '../../domain/api/answers';
import { apiPathPatterns, apiPrefixes, routeKey, routes } from '../../domain/api/routes';
import * as table from '../../domain/api/route-table';

const ROOT = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('route table', () => {
  // routes.ts lists the table by reading its exports: anything else exported there would be listed as a route.
  it('exports only route entries, and the route list holds every one', () => {
    const notEntries = Object.entries(table)
      .filter(([, v]) => typeof v !== 'object' || typeof v.method !== 'string' || typeof v.path !== 'string' || typeof v.handler !== 'string')
      .map(([name]) => name);
    expect(notEntries).toEqual([]);
    expect(routes).toHaveLength(Object.keys(table).length);
    expect(new Set(routes)).toEqual(new Set(Object.values(table)));
  });

  it('has each method and path once', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses one handler module per route', () => {
    const handlers = routes.map((r) => r.handler);
    expect(new Set(handlers).size).toBe(handlers.length);
  });

  // The compile already refuses a missing or unknown key (answers.ts's `satisfies`); this also holds
  // for what the type cannot see: one answer per route, each a zod schema or a file marker.
  it('gives every route exactly one answer, and no answer to a route it does not have', () => {
    expect(Object.keys(answers).sort()).toEqual(routes.map((r) => r.handler).sort());
    for (const [handler, answer] of Object.entries(answers)) {
      expect(answer instanceof z.ZodType || typeof (answer as { file?: unknown }).file === 'string', handler).toBe(true);
    }
  });

  it('keeps the answer schemas off the route entries, which the Lambdas bundle', () => {
    expect(routes.filter((r) => 'answer' in r).map(routeKey)).toEqual([]);
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))('%s has a handler module built for it', async (_key, route) => {
    const file = join(ROOT, 'functions/handlers', `${route.handler}.ts`);
    expect(existsSync(file)).toBe(true);
    const mod = (await import(file)) as { handler: ApiHandler };
    expect(typeof mod.handler).toBe('function');
    expect(routeKey(mod.handler.route)).toBe(routeKey(route));
  });

  it('has no handler module that the table does not name', () => {
    const named = new Set(routes.map((r) => `${r.handler}.ts`));
    const files = sourceFiles(join(ROOT, 'functions/handlers')).map((f) => relative(join(ROOT, 'functions/handlers'), f));
    expect(files.filter((f) => !named.has(f))).toEqual([]);
  });

  it('derives the API prefixes CloudFront and the local front route to the API', () => {
    expect(apiPrefixes.sort()).toEqual([
      '/account',
      '/addresses',
      '/admin',
      '/aftership',
      '/api',
      '/auth',
      '/easypost',
      '/exports',
      '/hoodpay',
      '/notifications',
      '/receipts',
      '/shipping',
      '/stripe',
      '/support',
      '/wallet',
    ]);
  });

  it('sends exact-prefix routes to the API as well as the paths under each prefix', () => {
    expect([...apiPathPatterns].sort()).toEqual([
      '/account/*',
      '/addresses/*',
      '/admin/*',
      '/aftership/*',
      '/api/*',
      '/auth/*',
      '/easypost/*',
      '/exports/*',
      '/hoodpay/*',
      '/notifications/*',
      '/receipts/*',
      '/shipping/*',
      '/stripe/*',
      '/support',
      '/support/*',
      '/wallet/*',
    ]);
  });
});

describe('the SPA calls only routes in the table', () => {
  const webFiles = sourceFiles(join(ROOT, 'web'));
  const keys = new Set(routes.map(routeKey));

  it('names every call by a route key that exists', () => {
    const used = webFiles.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/['"`]((?:GET|POST|PUT|DELETE) \/[^'"`]*)['"`]/g)].map((m) => m[1] as string));
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((k) => !keys.has(k))).toEqual([]);
  });

  // The API is called only through web/api-client, typed by the contract. Besides it, a file may
  // fetch a built asset of the SPA itself (a Vite `?url` import: a content-hashed file served with
  // the site, not the API); such files are listed here, and every fetch in them must take one.
  const assetFetchers = ['web/components/zip-lookup.ts'];

  it('calls fetch only in the one API client and the files that fetch built assets', () => {
    const fetching = webFiles
      .filter((f) => /\bfetch\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f))
      .filter((f) => !assetFetchers.includes(f));
    expect(fetching).toEqual(['web/api-client/client.ts']);
  });

  it.each(assetFetchers)('%s fetches only built assets (URLs imported with ?url), never the API', (file) => {
    const source = readFileSync(join(ROOT, file), 'utf8');
    const assetUrls = new Set([...source.matchAll(/^import (\w+) from '[^']+\?url';$/gm)].map((m) => m[1]));
    const fetched = [...source.matchAll(/\bfetch\(([^)]*)\)/g)].map((m) => m[1]?.trim());
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.filter((url) => !assetUrls.has(url))).toEqual([]);
  });

  it('has no top-level web/ folder that Vite would serve under an API prefix', () => {
    const folders = readdirSync(join(ROOT, 'web'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `/${e.name}`);
    expect(folders.filter((f) => apiPrefixes.includes(f))).toEqual([]);
  });

  it('writes no API path literal outside route keys', () => {
    const prefixes = apiPrefixes.map((p) => p.slice(1)).join('|');
    const stray = new RegExp(`['"\`]/(${prefixes})/`);
    const offenders = webFiles.filter((f) => stray.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});

/**
 * The published API contract in the browser: /openapi.json as the build wrote it, and the reference
 * page at /docs/api rendered from it under the production Content-Security-Policy, without its
 * renderer ever reaching the landing page's JavaScript.
 */
import { expect, test, type Page } from '@playwright/test';
import { routeKey, routes } from '../../domain/api/routes';

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('GET /openapi.json is the JSON OpenAPI 3.1 document of every route', async ({ request }) => {
  const res = await request.get('/openapi.json');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(document.openapi).toBe('3.1.0');
  const listed = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
  expect(listed.sort()).toEqual(routes.map(routeKey).sort());
});

test('/docs/api lists the routes, with no CSP violation and no request to another origin', async ({ page, baseURL }) => {
  const violations = await watchCsp(page);
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url());
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole('heading', { name: 'PrepaidShip API' })).toBeVisible({ timeout: 20_000 });
  // Scalar's sidebar names each operation by its summary, which is its route key; a tag's group
  // opens on a click (the first tag's, addresses, is open already).
  await page.getByText('auth', { exact: true }).first().click();
  await expect(page.getByText('POST /auth/register').first()).toBeVisible();
  await page.getByText('shipping', { exact: true }).first().click();
  await expect(page.getByText('POST /shipping/create-label').first()).toBeVisible();

  expect(await violations()).toEqual([]);
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});

test('/docs/api opens with a curl example that buys a label with an API key: a quote, then create-label', async ({ page }) => {
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { name: 'Buying a label with an API key' })).toBeVisible();
  const example = page.getByTestId('api-key-curl');
  await expect(example).toContainText('Authorization: Bearer $PREPAIDSHIP_KEY');
  await expect(example).toContainText('/shipping/rates');
  await expect(example).toContainText('/shipping/create-label');
  await expect(example).toContainText('Idempotency-Key');
});

test("the landing page's JavaScript does not include the API reference renderer", async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.push(`${r.url()}\n${await r.text()}`);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(scripts.length).toBeGreaterThan(0);
  // The entry names the page's chunk in its lazy route, so look for Scalar's files and code instead.
  const withRenderer = scripts.filter((s) => /\/assets\/api-reference[^\n]*\n/.test(s) || /scalar-app|@scalar\//.test(s)).map((s) => s.split('\n')[0]);
  expect(withRenderer).toEqual([]);
});

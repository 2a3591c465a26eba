import { expect, test } from '@playwright/test';

test('the landing page renders with its header, hero and footer, with no console error', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: /sign in/i })
      .or(page.getByRole('button', { name: /sign in/i }))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('2024');
  expect(errors).toEqual([]);
});

test('a protected route sends an anonymous visitor to /', async ({ page }) => {
  await page.goto('/user-dashboard');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin-dashboard/users');
  await expect(page).toHaveURL(/\/$/);
});

test('the API answers JSON on the same origin, and unknown SPA paths fall back to the app', async ({ page, request }) => {
  const counter = await request.get('/api/counter');
  expect(counter.status()).toBe(200);
  expect(await counter.json()).toEqual({ count: expect.any(Number) });

  const missing = await request.get('/auth/no-such-route');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ message: 'Not found' });

  await page.goto('/no/such/page');
  await expect(page.getByRole('banner')).toBeVisible();
});

test('validating a form trips no Content-Security-Policy violation (zod runs jitless, without its new Function probe)', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

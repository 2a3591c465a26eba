import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './helpers';

/**
 * The public pages arrive as prerendered HTML (web/app/prerender.tsx): what a crawler or a visitor
 * without JavaScript reads is the page itself, styled, and the browser's React takes it over without
 * a hydration error.
 */
test.describe('without JavaScript (a crawler)', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page has its headline, prices, calculator and links in the HTML', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Effortless Shipping Labels' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'USPS Prices' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('$5.00');
    await expect(page.getByLabel('Package weight (lbs)')).toBeVisible();
    await expect(page.getByTestId('price-ours-value')).toHaveText('$5.00');
    await expect(page.getByRole('link', { name: 'Get Started', exact: true })).toHaveAttribute('href', '/login');
    // Styled by the inline critical CSS: the headline is big and the price table laid out.
    expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => parseFloat(getComputedStyle(h).fontSize))).toBeGreaterThan(30);
  });

  test('sign-in, sign-up and forgotten password are in their HTML too; other pages are the empty shell', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await page.goto('/user-dashboard');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('each prerendered page hydrates without an error and works, and the landing page leads to sign-in', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/');
  await expect(page.getByTestId('labels-count')).toHaveText(/^\d+$/);
  await page.getByRole('link', { name: 'Get Started', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await expect(page.getByRole('listitem').filter({ hasText: 'One lowercase letter' })).toContainText('(met)');
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(/email/i).first()).toBeVisible();
  expect(errors).toEqual([]);
});

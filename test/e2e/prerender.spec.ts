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

// A browser may paint the page before it has parsed all of it, while it is still shorter than the
// screen; the scrollbar that came with the rest narrowed the page and moved the centred hero (a
// layout shift Lighthouse's desktop preset counted in 2 runs of 8). Playwright hides scrollbars in
// headless Chromium, so this test starts one that shows them, as Lighthouse's and a visitor's do.
test("the landing page's hero stays put whether or not the page shows a scrollbar", async ({ playwright, baseURL }) => {
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ignoreDefaultArgs: ['--hide-scrollbars'],
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1350, height: 940 } });
    await page.goto(`${baseURL}/`);
    const hero = page.locator('#home > div').first();
    await expect(page.getByTestId('labels-count')).toHaveText(/^\d+$/);
    const whole = await hero.boundingBox();
    expect(await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth)).toBeGreaterThan(0);
    // The page as it stands when only its top has been parsed: no taller than the screen.
    await page.evaluate(() => document.querySelectorAll<HTMLElement>('section:not(#home), aside, footer').forEach((el) => (el.style.display = 'none')));
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    expect(await hero.boundingBox()).toEqual(whole);
  } finally {
    await browser.close();
  }
});

// The landing page hydrates with React's hydrateRoot (web/app/landing-document.tsx): on a phone,
// where nothing needs another layout, hydration must take over the elements that are there, never
// replace them (React would, to mend a mismatch).
test('the landing page hydrates in place on a phone: no prerendered element is replaced, and it answers', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedElements: string[] }).removedElements = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element) removed.push(`${node.tagName.toLowerCase()}#${node.id} in ${(record.target as Element).tagName}`);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  const input = page.getByLabel('Package weight (lbs)');
  await input.evaluate((el) => ((el as HTMLInputElement & { prerendered?: boolean }).prerendered = true));
  await expect(page.getByTestId('labels-count')).toHaveText(/^\d+$/);
  // Typing prices the weight: the calculator has hydrated, on the element that was there.
  await expect(async () => {
    await input.fill('31');
    await expect(page.getByTestId('price-ours-value')).not.toHaveText('$5.00', { timeout: 500 });
  }).toPass();
  expect(await input.evaluate((el) => (el as HTMLInputElement & { prerendered?: boolean }).prerendered)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { removedElements: string[] }).removedElements)).toEqual([]);
  // The closing section, the last part of the page, leads to sign-in too.
  await page.getByRole('link', { name: 'Get Started Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(errors).toEqual([]);
});

// The prerender is a signed-out visitor's page; a signed-in visitor's links change once the landing
// page hydrates (useSyncExternalStore's server snapshot of the session first, then the browser's:
// web/lib/session.ts), in the header, the hero and the closing section alike, with no hydration error.
test('a signed-in visitor gets the dashboard links on the hydrated landing page', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.addInitScript(() => {
    localStorage.setItem('token', 'a-token');
    localStorage.setItem('user', JSON.stringify({ name: 'Pat Shipper', email: 'pat@example.com', role: 'user' }));
    localStorage.setItem('isVerified', 'true');
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/user-dashboard');
  await expect(page.getByRole('link', { name: 'Go To Dashboard' })).toHaveAttribute('href', '/user-dashboard');
  await expect(page.getByRole('link', { name: 'Open Your Dashboard' })).toHaveAttribute('href', '/user-dashboard');
  await expect(page.getByRole('link', { name: /Sign In|Get Started/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

/**
 * Small things a person notices, in the browser against the local front. The
 * whole spec opens the front as http://127.0.0.1:<port>, not localhost: the browser keeps the session
 * per origin, so a payment that came back to another origin would come back signed out. The tests run
 * in order on one page, as one person would.
 */
import { expect, test, type Page } from '@playwright/test';
import { balanceBadge, collectConsoleErrors, mailsTo, nextCode, signOut, signUp, waitForCaptcha, unique } from './helpers';

const port = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://127.0.0.1:${port}`;
test.use({ baseURL: ORIGIN });

const person = { name: 'Dee Tails', email: `dee-${unique()}@example.com`, password: 'E2e-User-Pass1!' };

test.describe.serial('details', () => {
  let page: Page;
  let consoleErrors: string[] = [];

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ baseURL: ORIGIN });
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page.close();
  });

  const transactions = () => page.getByRole('table', { name: 'Recent Transactions' });

  async function startCardDeposit(amount: string) {
    await page.getByRole('button', { name: 'Add Balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Balance' });
    await dialog.getByRole('combobox', { name: 'Credit type' }).selectOption('Card');
    await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount);
    await dialog.getByRole('button', { name: 'Deposit' }).click();
  }

  test('an anonymous visitor sees Sign In on the public pages', async () => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
  });

  test('a payment started from 127.0.0.1 is paid at the sandbox checkout there and comes back there, signed in and credited', async ({ request }) => {
    test.setTimeout(60_000);
    await signUp(page, request, person);
    expect(new URL(page.url()).origin).toBe(ORIGIN);
    await page.getByRole('link', { name: 'Account Wallet' }).click();
    await expect(balanceBadge(page)).toHaveText('Balance: $0.00');

    await startCardDeposit('25');
    await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/_local/checkout/cs_test_local_[0-9A-Z]+$`));
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/user-dashboard/transactions`));
    await expect(page.getByRole('heading', { level: 1, name: 'Account Wallet' })).toBeVisible();
    await expect(balanceBadge(page)).toHaveText('Balance: $25.00');
    await expect(transactions().getByRole('row').nth(1)).toContainText('completed');
  });

  test('a checkout the person cancelled reads Cancelled, not Failed, and moves no money', async () => {
    await startCardDeposit('10');
    await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/_local/checkout/`));
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/user-dashboard/transactions`));
    const row = transactions().getByRole('row').filter({ hasText: '$10.00' });
    const badge = row.getByText('cancelled', { exact: true });
    await expect(badge).toBeVisible();
    // The badge capitalises the word on screen.
    expect(await badge.evaluate((el) => (el as HTMLElement).innerText)).toBe('Cancelled');
    await expect(row).not.toContainText('failed');
    await expect(balanceBadge(page)).toHaveText('Balance: $25.00');
  });

  test('a signed-in visitor sees Dashboard on the public pages, the 404 page too', async () => {
    for (const path of ['/', '/no-such-page']) {
      await page.goto(path);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('href', '/user-dashboard');
      await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    }
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/user-dashboard$`));
  });

  test('the reset link in the mail points at the origin the person opened', async ({ request }) => {
    await signOut(page);
    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
    await page.getByRole('button', { name: /Send/ }).click();
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await mailsTo(request, person.email)).find((m) => m.subject === 'Reset your PrepaidShip password');
        link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .toMatch(new RegExp(`^${ORIGIN}/reset-password\\?token=`));
  });

  test('the code page counts the Resend wait down instead of answering an error', async ({ request }) => {
    const seen = (await mailsTo(request, person.email)).length;
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/otp-verification$/);

    const resend = page.getByRole('button', { name: /^Resend in 0:[0-3]\d$/ });
    await expect(resend).toBeDisabled();
    const first = Number(/0:(\d+)/.exec((await resend.textContent()) ?? '')?.[1]);
    await expect.poll(async () => Number(/0:(\d+)/.exec((await resend.textContent()) ?? '')?.[1] ?? 99), { timeout: 5_000 }).toBeLessThan(first);
    await resend.click({ force: true });
    await expect(page.getByText('Failed to resend OTP')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Verification code', exact: true }).fill(await nextCode(request, person.email, seen));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/user-dashboard$`));
  });

  test('nothing went wrong in the console along the way', () => {
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('landing page details', () => {
  test('the savings calculator shows the weight it prices: 100 becomes 70, with a note', async ({ page }) => {
    await page.goto('/');
    const input = page.getByRole('spinbutton', { name: 'Package weight (lbs)' });
    await input.fill('100');
    await input.blur();
    await expect(input).toHaveValue('70');
    await expect(page.getByTestId('weight-note')).toHaveText('Labels go up to 70 lbs, so 100 counts as 70.');
    await expect(page.getByTestId('price-ours-value')).toHaveText('$6.00');
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('reads well: the label drawing, the refund promise, the real count and no sideways scroll', async ({ page }) => {
      const errors = collectConsoleErrors(page);
      // The count the page was given: other workers' tests buy labels meanwhile, so asking again could differ.
      const counterAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/counter' && r.request().method() === 'GET');
      await page.goto('/');
      const drawing = page.getByRole('img', { name: 'Sample 4 by 6 inch USPS Priority Mail label made with PrepaidShip' });
      await expect(drawing).toBeVisible();
      const box = await drawing.boundingBox();
      expect(box?.width).toBeGreaterThan(150);
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);

      const promise = page.getByRole('complementary', { name: "Didn't use a label? Get your money back." });
      await promise.scrollIntoViewIfNeeded();
      await expect(promise).toContainText('up to 30 days after its purchase');
      // Readable: body text of the promise is at least 14 px.
      expect(await promise.locator('p').evaluate((p) => parseFloat(getComputedStyle(p).fontSize))).toBeGreaterThanOrEqual(14);

      const counted = (await (await counterAnswer).json()) as { count: number };
      await expect(page.getByTestId('labels-count')).toHaveText(String(counted.count));

      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: 'test-results/details-landing-375.png' });
      expect(errors).toEqual([]);
    });

    test("the counter shows '--', never an invented number, when GET /api/counter fails", async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
      await page.route('**/api/counter', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
      await page.goto('/');
      await expect.poll(() => warnings.some((w) => w.includes('Could not load the labels-created counter')), { timeout: 20_000 }).toBe(true);
      await page.waitForTimeout(700);
      await expect(page.getByTestId('labels-count')).toHaveText('--');
    });
  });
});

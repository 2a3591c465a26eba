/**
 * The admin dashboard end to end, through the real handlers and DynamoDB Local: the admin reads the
 * figures, a new person signs up, tops up $25 by card through the sandbox checkout and buys a $6.00
 * label with wallet credits, and the admin's dashboard then shows one more user, one more label,
 * one more $25.00 top-up and $19.00 more in wallets. The label is a sandbox one, so the margin
 * block still says there are no real labels. The tests run in order on one page, against a front of
 * their own: the totals are the whole service's, and other workers' tests add to the shared front's.
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { buyLabelWithCredits, collectConsoleErrors, signIn, signOut, signUp, topUpByCard, type E2eAddress, unique } from './helpers';
import { startOwnFront, type OwnFront } from './own-front';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 52;
test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

const person = { name: 'Dana Dashboard', email: `dana-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from: E2eAddress = { name: 'Dana Dashboard', street: '1 Dr Carlton B Goodlett Pl', city: 'San Francisco', state: 'CA', zip: '94102', country: 'US' };
const to: E2eAddress = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

interface Figures {
  users: number;
  labels: number;
  labelsLast7Days: number;
  topUps: number;
  topUpCents: number;
  balanceCents: number;
}

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const firstNumber = (text: string) => Number(/\d+/.exec(text)?.[0] ?? NaN);

/** The dashboard's cards as a person reads them: each figure (`dd`) and the line under it. */
async function readFigures(page: Page): Promise<Figures> {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/^Last 7 days: /)).toBeVisible();
  const card = (label: string) => page.locator('dl').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  // The figure is the first `dd`; a help line under it is a second one.
  const figure = async (label: string) => (await card(label).locator('dd').first().textContent()) ?? '';
  const line = async (label: string, text: RegExp) => (await card(label).getByText(text).textContent()) ?? '';
  return {
    users: Number(await figure('Users')),
    labels: Number(await figure('Labels created')),
    labelsLast7Days: firstNumber(await line('Labels created', /^\d+ in the last 7 days$/)),
    topUps: firstNumber(await line('Top-ups, last 7 days', /^\d+ top-ups?$/)),
    topUpCents: cents(await figure('Top-ups, last 7 days')),
    balanceCents: cents(await figure('Balances')),
  };
}

test.describe.serial('admin dashboard', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  let before: Figures;

  let front: OwnFront | undefined;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    front = await startOwnFront(FRONT_PORT, { ADMIN_EMAIL: e2eAdmin.email, ADMIN_PASSWORD: e2eAdmin.password });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, baseURL: front.url });
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page?.close();
    await front?.stop();
  });

  test('the admin sees the figures', async ({ request }) => {
    test.setTimeout(60_000);
    await signIn(page, request, e2eAdmin);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    before = await readFigures(page);
    // The seeded admin is an account too.
    expect(before.users).toBeGreaterThanOrEqual(1);
    for (const value of Object.values(before)) expect(Number.isInteger(value)).toBe(true);
    await page.screenshot({ path: 'test-results/admin-dashboard-1280.png' });
    await signOut(page);
  });

  test('a new person tops up $25 by card and buys a $6.00 label with credits', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    expect(await buyLabelWithCredits(page, request, from, to)).toMatch(/^94\d{20}$/);
    await page.reload();
    await expect(page.getByText(/^Balance: /)).toHaveText('Balance: $19.00');
    await signOut(page);
  });

  test('the admin sees one more user, label and top-up, and $19.00 more in wallets', async ({ request }) => {
    test.setTimeout(60_000);
    await signIn(page, request, e2eAdmin);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.reload();
    expect(await readFigures(page)).toEqual({
      users: before.users + 1,
      labels: before.labels + 1,
      labelsLast7Days: before.labelsLast7Days + 1,
      topUps: before.topUps + 1,
      topUpCents: before.topUpCents + 2500,
      balanceCents: before.balanceCents + 1900,
    });
    // The sandbox carrier sells samples: no carrier cost, so not a real label.
    const margin = page.getByRole('region', { name: 'Margin on real labels' });
    await expect(margin).toContainText('No real labels yet.');
    await expect(margin.locator('dl')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/admin-dashboard-margin-1280.png', fullPage: true });
    expect(consoleErrors).toEqual([]);
  });
});

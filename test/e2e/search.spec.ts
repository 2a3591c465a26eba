/**
 * Find a shipment end to end, through the real handlers and DynamoDB Local: a
 * person buys three labels to three recipients, refunds one and moves another to delivered with the
 * local advance control (`POST /_local/tracking/<number>/advance`), then finds them on the Shipping
 * Labels page by name, by tracking number, by status and by day, with the filters in the URL (the
 * back button steps back through them); the wallet's transactions filter by type, status and day;
 * on a phone the filter bar stacks.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { buyLabelWithCredits, sessionToken, signUp, topUpByCard, unique } from './helpers';
import { useLaptopPage } from './own-front';

const person = { name: 'Sam Search', email: `sam-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Sam Search', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const grace = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };
const alan = { name: 'Alan Turing', street: '1 Beacon St', city: 'Boston', state: 'MA', zip: '02108', country: 'US' };
const ada = { name: 'Ada Lovelace', street: '100 W Randolph St', city: 'Chicago', state: 'IL', zip: '60601', country: 'US' };

/** Today and yesterday in US Eastern time (the days the filters mean), as YYYY-MM-DD. */
const easternDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

test.describe.serial('find a shipment', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  const tracking: Record<'grace' | 'alan' | 'ada', string> = { grace: '', alan: '', ada: '' };

  useLaptopPage((p, errors) => ((page = p), (consoleErrors = errors)));

  const shipments = () => page.getByRole('table', { name: 'Shipments' });
  const filters = () => page.getByRole('search', { name: 'Filter shipments' });
  /** The shipments table shows exactly the labels of these tracking numbers (and its header row). */
  async function expectShown(...numbers: string[]) {
    for (const n of numbers) await expect(shipments().getByRole('row').filter({ hasText: n })).toHaveCount(1);
    await expect(shipments().getByRole('row')).toHaveCount(numbers.length + 1);
  }
  const authHeaders = async () => ({ Authorization: `Bearer ${await sessionToken(page)}` });

  test('three labels to three recipients; one is refunded and one delivered', async ({ request }) => {
    test.setTimeout(120_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    tracking.grace = await buyLabelWithCredits(page, request, from, grace);
    tracking.alan = await buyLabelWithCredits(page, request, from, alan);
    tracking.ada = await buyLabelWithCredits(page, request, from, ada);

    const headers = await authHeaders();
    const listed = await request.get('/shipping/orders', { headers, params: { q: tracking.ada } });
    const [adaOrder] = ((await listed.json()) as { orders: { shipOrderId: string }[] }).orders;
    const refund = await request.post(`/shipping/orders/${adaOrder!.shipOrderId}/refund`, { headers, data: {} });
    expect(refund.ok(), await refund.text()).toBe(true);

    // The sandbox label walks its planned events, one a press, until it is delivered.
    let status = '';
    for (let step = 0; step < 12 && status !== 'delivered'; step++) {
      const advanced = await request.post(`/_local/tracking/${tracking.alan}/advance`);
      expect(advanced.status()).toBe(200);
      status = ((await advanced.json()) as { status: string }).status;
    }
    expect(status).toBe('delivered');

    await page.goto('/user-dashboard');
    await expectShown(tracking.grace, tracking.alan, tracking.ada);
  });

  test('search by recipient name and by tracking number, with the search in the URL', async () => {
    const search = filters().getByRole('searchbox', { name: 'Search' });
    await search.fill('hopper');
    await expect(page).toHaveURL(/[?&]q=hopper/);
    await expectShown(tracking.grace);

    await search.fill(tracking.alan.slice(-8));
    await expectShown(tracking.alan);

    await search.fill('chicago');
    await expectShown(tracking.ada);

    await search.fill('nobody by this name');
    await expect(page.getByText('No shipments match these filters')).toBeVisible();

    await filters().getByRole('button', { name: 'Clear filters' }).click();
    await expect(search).toHaveValue('');
    await expectShown(tracking.grace, tracking.alan, tracking.ada);
  });

  test("filter by the label's status and by the package's, and step back with the back button", async () => {
    const status = filters().getByRole('combobox', { name: 'Status' });
    await status.selectOption('refunded');
    await expectShown(tracking.ada);

    await status.selectOption('delivered');
    await expect(page).toHaveURL(/[?&]status=delivered/);
    await expectShown(tracking.alan);

    await page.goBack();
    await expect(status).toHaveValue('refunded');
    await expectShown(tracking.ada);

    // A shared link opens with its filters.
    await page.goto(`/user-dashboard?status=pre_transit&q=${encodeURIComponent('grace')}`);
    await expectShown(tracking.grace);
    await filters().getByRole('button', { name: 'Clear filters' }).click();
  });

  test('filter by the days the labels were bought', async () => {
    await filters().getByLabel('From').fill(easternDay());
    await expectShown(tracking.grace, tracking.alan, tracking.ada);

    await filters().getByLabel('From').fill(easternDay(-2));
    await filters().getByLabel('To').fill(easternDay(-1));
    await expect(page.getByText('No shipments match these filters')).toBeVisible();
    await filters().getByRole('button', { name: 'Clear filters' }).click();
    await expectShown(tracking.grace, tracking.alan, tracking.ada);
  });

  test("the wallet's transactions filter by type, status and day", async () => {
    await page.getByRole('link', { name: 'Account Wallet' }).click();
    const bar = page.getByRole('search', { name: 'Filter transactions' });
    const table = page.getByRole('table', { name: 'Recent Transactions' });
    // A top-up, three labels and the refund.
    await expect(table.getByRole('row')).toHaveCount(6);

    await bar.getByRole('combobox', { name: 'Type' }).selectOption('label');
    await expect(table.getByRole('row')).toHaveCount(4);
    await bar.getByRole('combobox', { name: 'Type' }).selectOption('refund');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page).toHaveURL(/[?&]type=refund/);

    await bar.getByRole('combobox', { name: 'Type' }).selectOption('');
    await bar.getByRole('combobox', { name: 'Status' }).selectOption('pending');
    await expect(page.getByText('No transactions match these filters')).toBeVisible();
    // The type stays cleared however soon the status follows it (the two once raced on a busy machine).
    await expect(page).not.toHaveURL(/[?&]type=/);

    await bar.getByRole('combobox', { name: 'Status' }).selectOption('completed');
    await bar.getByLabel('To').fill(easternDay(-1));
    await expect(page.getByText('No transactions match these filters')).toBeVisible();
    await bar.getByLabel('To').fill(easternDay());
    await expect(table.getByRole('row')).toHaveCount(6);
  });

  test('axe finds no WCAG 2.1 AA violation in the filter bars, at 375 and 1280 px', async () => {
    const lists = [
      { path: `/user-dashboard?q=hopper&from=${easternDay()}`, bar: 'Filter shipments', shown: tracking.grace },
      { path: '/user-dashboard/transactions?type=refund', bar: 'Filter transactions', shown: 'Refund' },
    ];
    for (const list of lists) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(list.path);
        await expect(page.getByRole('search', { name: list.bar })).toBeVisible();
        await expect(page.getByText(list.shown, { exact: true }).filter({ visible: true }).first()).toBeVisible();
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
        // The filter bar (a11y.spec.ts checks the rest of these pages).
        const { violations } = await new AxeBuilder({ page }).include('[role="search"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const findings = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
        expect.soft(findings, `axe violations on ${list.path} at ${width} px`).toEqual([]);
      }
    }
  });

  test('on a phone the filter bar stacks, one field under the other', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/user-dashboard');
    const search = filters().getByRole('searchbox', { name: 'Search' });
    const status = filters().getByRole('combobox', { name: 'Status' });
    await expect(search).toBeVisible();
    const [a, b] = [await search.boundingBox(), await status.boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y + a!.height);
    expect(a!.x + a!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(consoleErrors).toEqual([]);
  });
});

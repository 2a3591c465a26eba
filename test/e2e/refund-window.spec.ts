/**
 * USPS refunds a label within 30 days of its purchase, and the server holds to that whatever the
 * browser believes: on a front of its own, seeded with a shipper who bought a $6 label 31 days ago
 * (test/e2e/seed-old-label.ts), the shipments table offers no refund for it. A browser whose clock
 * is two days slow still shows Refund label; asked, the server answers 409 naming the day the
 * window ended, the toast says so, and nothing changes: the label stays created, the balance at
 * $19.00, and no refund is in the transactions.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { askRefund, balanceBadge, sessionToken, shipmentRow, signIn, unique } from './helpers';
import { oldLabelSeeder, useOwnFrontPage } from './own-front';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

const DAY_MS = 86_400_000;
const person = { name: 'Olga Oldlabel', email: `olga-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Olga Oldlabel', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

interface ListedOrder {
  status: string;
  tracking: string;
  refundableUntil: string | null;
}

test.describe.serial('the 30-day refund window', () => {
  const own = useOwnFrontPage(FRONT_PORT, {}, [oldLabelSeeder(person, { from, to }, 31)]);
  let label: ListedOrder;

  const orders = async (request: APIRequestContext) => {
    const answer = await request.get('/shipping/orders', { headers: { Authorization: `Bearer ${await sessionToken(own.page)}` } });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { orders: ListedOrder[] }).orders;
  };

  test('the label bought 31 days ago is listed, created, without a refund action', async ({ request }) => {
    test.setTimeout(90_000);
    await signIn(own.page, request, person);
    await expect(own.page).toHaveURL(/\/user-dashboard$/);
    await expect(balanceBadge(own.page)).toHaveText('Balance: $19.00');
    [label] = (await orders(request)) as [ListedOrder];
    expect(label).toMatchObject({ status: 'created' });
    expect(Date.parse(label.refundableUntil!)).toBeLessThan(Date.now());

    await own.page.getByRole('link', { name: 'Shipping Labels' }).click();
    const row = shipmentRow(own.page, label.tracking);
    await expect(row).toContainText('created');
    await expect(row.getByRole('button', { name: `Refund label ${label.tracking}` })).toHaveCount(0);
  });

  test('asked from a browser two days slow, the refund answers 409 naming the day the window ended, and nothing changes', async ({ request }) => {
    // To this browser the label is 29 days old, within its window: the table offers the refund.
    await own.page.clock.install({ time: new Date(Date.now() - 2 * DAY_MS) });
    await own.page.reload();
    const row = shipmentRow(own.page, label.tracking);
    const confirm = await askRefund(own.page, label.tracking);
    const answer = own.page.waitForResponse((r) => r.url().endsWith('/refund') && r.request().method() === 'POST');
    await confirm.getByRole('button', { name: 'Refund label' }).click();

    const message = `USPS refunds labels within 30 days of their purchase; this one's window ended on ${label.refundableUntil!.slice(0, 10)}. Unused labels are refunded automatically before then.`;
    const refused = await answer;
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(message);
    await expect(own.page.getByText('Failed to refund the label.')).toBeVisible();
    await expect(own.page.getByText(message)).toBeVisible();
    // The page's installed clock does not always advance the dialog's exit animation: the dialog is
    // then still in the page, marked closed, or already gone.
    await expect(own.page.locator('[role="alertdialog"][data-state="open"]')).toHaveCount(0);

    await own.page.reload();
    await expect(row).toContainText('created');
    await expect(balanceBadge(own.page)).toHaveText('Balance: $19.00');
    expect(await orders(request)).toMatchObject([{ status: 'created', tracking: label.tracking }]);
    await own.page.getByRole('link', { name: 'Account Wallet' }).click();
    const transactions = own.page.getByRole('table', { name: 'Recent Transactions' });
    await expect(transactions).toContainText('Top-up');
    await expect(transactions.getByRole('row').filter({ hasText: 'Refund' })).toHaveCount(0);
    expect(own.consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});

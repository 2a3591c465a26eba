/**
 * Label refunds end to end, through the real handlers, DynamoDB Local, the sandbox carrier (which
 * refunds an unscanned label at once) and the local outbox: a person tops up $25 by card, buys a $6
 * label, refunds it from the shipments table after a confirmation, and sees the label refunded (no
 * PDF, no second refund), the balance back at $25, a Refund row in the transactions, and the mail.
 * A label paid by card is refunded to that card, the wallet untouched.
 * Then a second label is left unused: 28 days after its purchase, the scheduled work (run by the local
 * front's `/_local/scheduled-work` as of 29 days later, instead of waiting) refunds it by itself.
 * That run refunds every unused label on its front, so these tests have a front of their own: the
 * shared one's labels belong to tests running beside them.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  balanceBadge,
  buyLabelWithCredits,
  checkoutReturnDone,
  collectConsoleErrors,
  createLabelThroughForm,
  mailsTo,
  signUp,
  topUpByCard,
  unique,
} from './helpers';
import { startOwnFront, type OwnFront } from './own-front';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 53;
test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

const person = { name: 'Rita Refunds', email: `rita-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Rita Refunds', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

test.describe.serial('label refunds', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  let tracking = '';

  let front: OwnFront | undefined;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    front = await startOwnFront(FRONT_PORT);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, baseURL: front.url });
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterAll(async () => {
    await page?.close();
    await front?.stop();
  });

  const shipments = () => page.getByRole('table', { name: 'Shipments' });

  test('a new account tops up $25 and buys a $6 label', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    tracking = await buyLabelWithCredits(page, request, from, to);
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    // Bought behind the page's back: a reload reads the new balance.
    await page.reload();
    const row = shipments().getByRole('row').filter({ hasText: tracking });
    await expect(row).toContainText('created');
    await expect(balanceBadge(page)).toHaveText('Balance: $19.00');
  });

  test('Refund label asks first, then refunds: the row says refunded, without PDF or refund action, and the balance is back', async () => {
    const row = shipments().getByRole('row').filter({ hasText: tracking });
    await row.getByRole('button', { name: `Refund label ${tracking}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Refund this label?' });
    // Never downloaded: credited with the request (test/e2e/early-credit.spec.ts has the carrier still deciding).
    await expect(confirm).toContainText('It was never downloaded, so $6.00 goes back to your wallet at once');
    await confirm.getByRole('button', { name: 'Refund label' }).click();

    await expect(page.getByText('Label refunded')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('refunded');
    // Only the purchase's receipt is left: the purchase happened, its refund has a receipt of its own on the wallet page.
    await expect(row.getByRole('button')).toHaveText(['Receipt']);
    await expect(balanceBadge(page)).toHaveText('Balance: $25.00');
  });

  test('the transactions show the refund, and the shipper got the mail', async ({ request }) => {
    await page.getByRole('link', { name: 'Account Wallet' }).click();
    const refundRow = page.getByRole('table', { name: 'Recent Transactions' }).getByRole('row').filter({ hasText: 'Refund' });
    await expect(refundRow).toHaveCount(1);
    await expect(refundRow).toContainText('$6.00');
    await expect(refundRow).toContainText('completed');
    const mails = await mailsTo(request, person.email);
    expect(mails.map((m) => m.subject)).toContain('Your label refund is complete');
  });

  test('a label paid by card is refunded to the card: the dialog, the toast, the row and the mail say so, and the wallet does not move', async ({
    request,
  }) => {
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    await createLabelThroughForm(page, { type: 'USPS Priority', weight: '2', size: ['4', '10', '6'], from, to }, '$6.00', 'Card');
    await expect(page).toHaveURL(/\/_local\/checkout\/[^/]+$/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/transactions/);
    await checkoutReturnDone(page);
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    // The newest shipment is the card's label.
    const newest = shipments().getByRole('row').nth(1);
    await expect(newest).toContainText('created');
    const card = /94\d{20}/.exec((await newest.textContent()) ?? '')?.[0] ?? '';
    const row = shipments().getByRole('row').filter({ hasText: card });

    await row.getByRole('button', { name: `Refund label ${card}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Refund this label?' });
    await expect(confirm).toContainText('$6.00 goes back to the card you paid with as soon as the carrier confirms the refund');
    await confirm.getByRole('button', { name: 'Refund label' }).click();

    await expect(page.getByText('Refunded: $6.00 to the card you paid with.')).toBeVisible();
    await expect(row).toContainText('refunded');
    await expect(row).toContainText('$6.00 to the card you paid with');
    await expect(balanceBadge(page)).toHaveText('Balance: $25.00');
    const mail = (await mailsTo(request, person.email)).find((m) => m.subject === 'Your label refund is complete' && m.text.includes(card));
    expect(mail?.text).toContain('$6.00 was refunded to the card you paid with');

    await page.getByRole('link', { name: 'Account Wallet' }).click();
    const cardRow = page.getByRole('table', { name: 'Recent Transactions' }).getByRole('row').filter({ hasText: 'Card refund' });
    await expect(cardRow).toHaveCount(1);
    await expect(cardRow).toContainText('back to the card you paid with');
  });

  test('an unused label is refunded by itself 28 days after its purchase', async ({ request }) => {
    const unused = await buyLabelWithCredits(page, request, from, to);
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    await page.reload();
    await expect(balanceBadge(page)).toHaveText('Balance: $19.00');
    const row = shipments().getByRole('row').filter({ hasText: unused });
    await expect(row).toContainText('created');

    // Nothing is due today; 29 days after its purchase, the auto-refund asks for it and the sandbox carrier approves.
    const asOf = new Date(Date.now() + 29 * 86_400_000).toISOString();
    const run = await request.post(`/_local/scheduled-work?asOf=${encodeURIComponent(asOf)}`);
    expect(run.status()).toBe(200);
    expect(await run.json()).toMatchObject({ autoRefundUnused: expect.any(Object) });

    await page.reload();
    await expect(row).toContainText('refunded');
    // Only the purchase's receipt is left: the purchase happened, its refund has a receipt of its own on the wallet page.
    await expect(row.getByRole('button')).toHaveText(['Receipt']);
    await expect(balanceBadge(page)).toHaveText('Balance: $25.00');
    const mail = (await mailsTo(request, person.email)).find((m) => m.subject === 'Your label refund is complete' && m.text.includes(unused));
    expect(mail?.text).toContain('was not used within 28 days of its purchase');
    expect(consoleErrors).toEqual([]);
  });
});

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
import { expect, test } from '@playwright/test';
import {
  askRefund,
  balanceBadge,
  buyLabelWithCredits,
  checkoutReturnDone,
  createLabelThroughForm,
  mailsTo,
  shipmentRow,
  signUp,
  topUpByCard,
  unique,
} from './helpers';
import { useOwnFrontPage } from './own-front';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 53;
test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

const person = { name: 'Rita Refunds', email: `rita-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Rita Refunds', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

test.describe.serial('label refunds', () => {
  const own = useOwnFrontPage(FRONT_PORT);
  let tracking = '';

  const shipments = () => own.page.getByRole('table', { name: 'Shipments' });

  test('a new account tops up $25 and buys a $6 label', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(own.page, request, person);
    await topUpByCard(own.page, '25', '$25.00');
    tracking = await buyLabelWithCredits(own.page, request, from, to);
    await own.page.getByRole('link', { name: 'Shipping Labels' }).click();
    // Bought behind the page's back: a reload reads the new balance.
    await own.page.reload();
    const row = shipmentRow(own.page, tracking);
    await expect(row).toContainText('created');
    await expect(balanceBadge(own.page)).toHaveText('Balance: $19.00');
  });

  test('Refund label asks first, then refunds: the row says refunded, without PDF or refund action, and the balance is back', async () => {
    const row = shipmentRow(own.page, tracking);
    const confirm = await askRefund(own.page, tracking);
    // Never downloaded: credited with the request (test/e2e/early-credit.spec.ts has the carrier still deciding).
    await expect(confirm).toContainText('It was never downloaded, so $6.00 goes back to your wallet at once');
    await confirm.getByRole('button', { name: 'Refund label' }).click();

    await expect(own.page.getByText('Label refunded')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('refunded');
    // Only the purchase's receipt is left: the purchase happened, its refund has a receipt of its own on the wallet page.
    await expect(row.getByRole('button')).toHaveText(['Receipt']);
    await expect(balanceBadge(own.page)).toHaveText('Balance: $25.00');
  });

  test('the transactions show the refund, and the shipper got the mail', async ({ request }) => {
    await own.page.getByRole('link', { name: 'Account Wallet' }).click();
    const refundRow = own.page.getByRole('table', { name: 'Recent Transactions' }).getByRole('row').filter({ hasText: 'Refund' });
    await expect(refundRow).toHaveCount(1);
    await expect(refundRow).toContainText('$6.00');
    await expect(refundRow).toContainText('completed');
    const mails = await mailsTo(request, person.email);
    expect(mails.map((m) => m.subject)).toContain('Your label refund is complete');
  });

  test('a label paid by card is refunded to the card: the dialog, the toast, the row and the mail say so, and the wallet does not move', async ({
    request,
  }) => {
    await own.page.getByRole('link', { name: 'Shipping Labels' }).click();
    await createLabelThroughForm(own.page, { type: 'USPS Priority', weight: '2', size: ['4', '10', '6'], from, to }, '$6.00', 'Card');
    await expect(own.page).toHaveURL(/\/_local\/checkout\/[^/]+$/, { timeout: 15_000 });
    await own.page.getByRole('button', { name: 'Pay' }).click();
    await expect(own.page).toHaveURL(/\/user-dashboard\/transactions/);
    await checkoutReturnDone(own.page);
    await own.page.getByRole('link', { name: 'Shipping Labels' }).click();
    // The newest shipment is the card's label.
    const newest = shipments().getByRole('row').nth(1);
    await expect(newest).toContainText('created');
    const card = /94\d{20}/.exec((await newest.textContent()) ?? '')?.[0] ?? '';
    const row = shipmentRow(own.page, card);

    const confirm = await askRefund(own.page, card);
    await expect(confirm).toContainText('$6.00 goes back to the card you paid with as soon as the carrier confirms the refund');
    await confirm.getByRole('button', { name: 'Refund label' }).click();

    await expect(own.page.getByText('Refunded: $6.00 to the card you paid with.')).toBeVisible();
    await expect(row).toContainText('refunded');
    await expect(row).toContainText('$6.00 to the card you paid with');
    await expect(balanceBadge(own.page)).toHaveText('Balance: $25.00');
    const mail = (await mailsTo(request, person.email)).find((m) => m.subject === 'Your label refund is complete' && m.text.includes(card));
    expect(mail?.text).toContain('$6.00 was refunded to the card you paid with');

    await own.page.getByRole('link', { name: 'Account Wallet' }).click();
    const cardRow = own.page.getByRole('table', { name: 'Recent Transactions' }).getByRole('row').filter({ hasText: 'Card refund' });
    await expect(cardRow).toHaveCount(1);
    await expect(cardRow).toContainText('back to the card you paid with');
  });

  test('an unused label is refunded by itself 28 days after its purchase', async ({ request }) => {
    const unused = await buyLabelWithCredits(own.page, request, from, to);
    await own.page.getByRole('link', { name: 'Shipping Labels' }).click();
    await own.page.reload();
    await expect(balanceBadge(own.page)).toHaveText('Balance: $19.00');
    const row = shipmentRow(own.page, unused);
    await expect(row).toContainText('created');

    // Nothing is due today; 29 days after its purchase, the auto-refund asks for it and the sandbox carrier approves.
    const asOf = new Date(Date.now() + 29 * 86_400_000).toISOString();
    const run = await request.post(`/_local/scheduled-work?asOf=${encodeURIComponent(asOf)}`);
    expect(run.status()).toBe(200);
    expect(await run.json()).toMatchObject({ autoRefundUnused: expect.any(Object) });

    await own.page.reload();
    await expect(row).toContainText('refunded');
    // Only the purchase's receipt is left: the purchase happened, its refund has a receipt of its own on the wallet page.
    await expect(row.getByRole('button')).toHaveText(['Receipt']);
    await expect(balanceBadge(own.page)).toHaveText('Balance: $25.00');
    const mail = (await mailsTo(request, person.email)).find((m) => m.subject === 'Your label refund is complete' && m.text.includes(unused));
    expect(mail?.text).toContain('was not used within 28 days of its purchase');
    expect(own.consoleErrors).toEqual([]);
  });
});

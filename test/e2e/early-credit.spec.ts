/**
 * A label never downloaded is credited the moment its refund is asked, end to end: on a front of its
 * own whose sandbox carrier keeps refunds pending for an hour (as USPS keeps them for days), a person
 * tops up $25, buys two $6 labels, refunds the one never downloaded and sees the balance back at
 * $25 at once, the row pending with the money back already and no PDF; the other, downloaded first,
 * waits for the carrier and the balance stays.
 */
import { expect, test } from '@playwright/test';
import { askRefund, balanceBadge, buyLabelWithCredits, shipmentRow, signUp, topUpByCard, unique } from './helpers';
import { useOwnFrontPage } from './own-front';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 55;
test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

const person = { name: 'Eli Early', email: `eli-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Eli Early', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

test.describe.serial('a label never downloaded is credited when its refund is asked', () => {
  const own = useOwnFrontPage(FRONT_PORT, { SANDBOX_REFUND_DELAY_SECONDS: '3600' });
  let fresh = '';
  let downloaded = '';

  test('a new account tops up $25 and buys two $6 labels', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(own.page, request, person);
    await topUpByCard(own.page, '25', '$25.00');
    fresh = await buyLabelWithCredits(own.page, request, from, to);
    downloaded = await buyLabelWithCredits(own.page, request, from, to);
    await own.page.getByRole('link', { name: 'Shipping Labels' }).click();
    await own.page.reload();
    await expect(balanceBadge(own.page)).toHaveText('Balance: $13.00');
  });

  test('refunding the label never downloaded puts $6.00 back at once, while the carrier still decides', async () => {
    const row = shipmentRow(own.page, fresh);
    const confirm = await askRefund(own.page, fresh);
    await expect(confirm).toContainText('It was never downloaded, so $6.00 goes back to your wallet at once, without waiting for the carrier.');
    await confirm.getByRole('button', { name: 'Refund label' }).click();

    await expect(own.page.getByText('Label refunded')).toBeVisible();
    await expect(balanceBadge(own.page)).toHaveText('Balance: $19.00');
    await expect(row).toContainText('refund pending');
    await expect(row).toContainText('$6.00 back in your wallet already');
    await expect(row.getByRole('button')).toHaveText(['Receipt']);
  });

  test('a downloaded label waits for the carrier: the balance stays', async () => {
    const row = shipmentRow(own.page, downloaded);
    const file = own.page.waitForEvent('download');
    await row.getByRole('button', { name: `Download PDF for ${downloaded}` }).click();
    expect((await file).suggestedFilename()).toBe(`${downloaded}.pdf`);

    const confirm = await askRefund(own.page, downloaded);
    await expect(confirm).toContainText('$6.00 goes back to your wallet as soon as the carrier confirms the refund.');
    await confirm.getByRole('button', { name: 'Refund label' }).click();

    await expect(own.page.getByText('Refund requested')).toBeVisible();
    await expect(row).toContainText('refund pending');
    await expect(row).not.toContainText('back in your wallet already');
    await expect(balanceBadge(own.page)).toHaveText('Balance: $19.00');
    expect(own.consoleErrors).toEqual([]);
  });
});

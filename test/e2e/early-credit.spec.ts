/**
 * A label never downloaded is credited the moment its refund is asked, end to end: on a front of its
 * own whose sandbox carrier keeps refunds pending for an hour (as USPS keeps them for days), a person
 * tops up $25, buys two $6 labels, refunds the one never downloaded and sees the balance back at
 * $25 at once, the row pending with the money back already and no PDF; the other, downloaded first,
 * waits for the carrier and the balance stays.
 */
import { expect, test, type Page } from '@playwright/test';
import { balanceBadge, buyLabelWithCredits, collectConsoleErrors, signUp, topUpByCard, unique } from './helpers';
import { startOwnFront, type OwnFront } from './own-front';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 55;
test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

const person = { name: 'Eli Early', email: `eli-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Eli Early', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

test.describe.serial('a label never downloaded is credited when its refund is asked', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  let fresh = '';
  let downloaded = '';
  let front: OwnFront | undefined;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    front = await startOwnFront(FRONT_PORT, { SANDBOX_REFUND_DELAY_SECONDS: '3600' });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, baseURL: front.url });
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterAll(async () => {
    await page?.close();
    await front?.stop();
  });

  const shipments = () => page.getByRole('table', { name: 'Shipments' });

  test('a new account tops up $25 and buys two $6 labels', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    fresh = await buyLabelWithCredits(page, request, from, to);
    downloaded = await buyLabelWithCredits(page, request, from, to);
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    await page.reload();
    await expect(balanceBadge(page)).toHaveText('Balance: $13.00');
  });

  test('refunding the label never downloaded puts $6.00 back at once, while the carrier still decides', async () => {
    const row = shipments().getByRole('row').filter({ hasText: fresh });
    await row.getByRole('button', { name: `Refund label ${fresh}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Refund this label?' });
    await expect(confirm).toContainText('It was never downloaded, so $6.00 goes back to your wallet at once, without waiting for the carrier.');
    await confirm.getByRole('button', { name: 'Refund label' }).click();

    await expect(page.getByText('Label refunded')).toBeVisible();
    await expect(balanceBadge(page)).toHaveText('Balance: $19.00');
    await expect(row).toContainText('refund pending');
    await expect(row).toContainText('$6.00 back in your wallet already');
    await expect(row.getByRole('button')).toHaveText(['Receipt']);
  });

  test('a downloaded label waits for the carrier: the balance stays', async () => {
    const row = shipments().getByRole('row').filter({ hasText: downloaded });
    const file = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download PDF for ${downloaded}` }).click();
    expect((await file).suggestedFilename()).toBe(`${downloaded}.pdf`);

    await row.getByRole('button', { name: `Refund label ${downloaded}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Refund this label?' });
    await expect(confirm).toContainText('$6.00 goes back to your wallet as soon as the carrier confirms the refund.');
    await confirm.getByRole('button', { name: 'Refund label' }).click();

    await expect(page.getByText('Refund requested')).toBeVisible();
    await expect(row).toContainText('refund pending');
    await expect(row).not.toContainText('back in your wallet already');
    await expect(balanceBadge(page)).toHaveText('Balance: $19.00');
    expect(consoleErrors).toEqual([]);
  });
});

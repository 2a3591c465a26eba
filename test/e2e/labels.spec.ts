/**
 * Labels end to end, through the real handlers, DynamoDB Local, the sandbox carrier and the local
 * sandbox checkout: a new person tops up $25 by card, buys a USPS Priority label with wallet
 * credits, sees it in the shipments table, downloads its PDF, is refused a label the rest of the
 * balance cannot pay for, and buys one by card instead. The tests run in order on one page, as one
 * person would.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { balanceBadge, collectConsoleErrors, createLabelThroughForm, signUp, topUpByCard, type FormLabelOrder, unique, checkoutReturnDone } from './helpers';

const person = { name: 'Lena Labels', email: `lena-${unique()}@example.com`, password: 'E2e-User-Pass1!' };

const sender = { name: 'Lena Labels', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043' };
const recipient = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };

type LabelOrder = Omit<FormLabelOrder, 'from' | 'to'>;

/** What the browser logs for an answer it was expected to get: 402 (the short balance test). */
const expectedFailures = /Failed to load resource: the server responded with a status of 402/;

test.describe.serial('labels', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  let tracking = '';

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page.close();
  });

  const dialog = () => page.getByRole('dialog', { name: 'Create Label' });
  const shipments = () => page.getByRole('table', { name: 'Shipments' });
  const totalOrders = () => page.locator('dl', { hasText: 'Total Orders' }).locator('dd').first();

  /** Opens Create Label, fills every field (Lena's label to Grace) and presses 'Create Order $price'. */
  const createLabel = (order: LabelOrder, price: string, payment?: string) =>
    createLabelThroughForm(page, { ...order, from: sender, to: recipient }, price, payment);

  test('a new account tops up $25 by card', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping Labels' })).toBeVisible();
    await expect(shipments()).toContainText('No shipments yet');
    await expect(totalOrders()).toHaveText('0');
  });

  test('the Create Label dialog opens on its first field and fits 1280 px and 375 px screens', async () => {
    // The top-up's notice goes first, so the screenshots show the dialog.
    await expect(page.getByText('Payment received')).toBeHidden();
    await page.getByRole('button', { name: 'Create Label' }).click();
    await expect(dialog().getByRole('combobox', { name: 'Label type' })).toBeFocused();
    await expect(dialog().getByRole('button', { name: 'Create Order $0.00' })).toBeVisible();
    // The sender's street shows its (empty) saved-address dropdown while it has focus.
    await dialog().getByRole('group', { name: 'Sender' }).getByRole('combobox', { name: 'Street' }).focus();
    await expect(dialog().getByText('Saved Sender Addresses')).toBeVisible();
    await expect(dialog().getByText('No saved addresses found')).toBeVisible();
    await page.screenshot({ path: 'test-results/labels-dialog-1280.png' });

    // Escape closes the dropdown first, and only then the dialog.
    await page.keyboard.press('Escape');
    await expect(dialog().getByText('Saved Sender Addresses')).toBeHidden();
    await expect(dialog()).toBeVisible();

    await page.setViewportSize({ width: 375, height: 812 });
    await dialog().getByRole('combobox', { name: 'Label type' }).focus();
    await page.screenshot({ path: 'test-results/labels-dialog-375.png' });
    // Nothing wider than the phone's screen: the dialog scrolls only vertically.
    expect(await dialog().evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.keyboard.press('Escape');
    await expect(dialog()).toBeHidden();
    await expect(page.getByRole('button', { name: 'Create Label' })).toBeFocused();
  });

  test('buys a 2 lb USPS Priority label with wallet credits', async () => {
    await createLabel({ type: 'USPS Priority', weight: '2', size: ['4', '10', '6'] }, '$6.00');

    await expect(page.getByText('Label Created Successfully')).toBeVisible();
    await expect(page.getByText(/^Order ID: \S+ \(USPS Priority\)$/)).toBeVisible();
    await expect(dialog()).toBeHidden();
    const row = shipments().getByRole('row').nth(1);
    await expect(row).toContainText('created');
    await expect(row).toContainText('Lena Labels, Mountain View');
    await expect(row).toContainText('Grace Hopper, New York');
    await expect(row).toContainText('USPS Priority');
    await expect(row).toContainText('2 lbs');
    // The Tracking column, after Status, Package and Last event.
    tracking = (await row.getByRole('cell').nth(9).textContent()) ?? '';
    expect(tracking).toMatch(/^94\d{20}$/);
    await expect(totalOrders()).toHaveText('1');
    await expect(balanceBadge(page)).toHaveText('Balance: $19.00');
    await page.screenshot({ path: 'test-results/labels-page-1280.png' });
  });

  test('downloads the label PDF as <tracking>.pdf', async () => {
    const download = page.waitForEvent('download');
    await shipments()
      .getByRole('button', { name: `Download PDF for ${tracking}` })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${tracking}.pdf`);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  test("a label that costs more than the balance is refused with 'Insufficient balance'", async () => {
    test.setTimeout(60_000);
    // Two $7.00 labels (USPS Priority above 30 lbs) leave $5.00; a $6.00 one is then too dear.
    for (const expected of ['$12.00', '$5.00']) {
      await createLabel({ type: 'USPS Priority', weight: '40', size: ['12', '18', '12'] }, '$7.00');
      await expect(dialog()).toBeHidden();
      await expect(balanceBadge(page)).toHaveText(`Balance: ${expected}`);
    }
    await expect(totalOrders()).toHaveText('3');

    await createLabel({ type: 'USPS Priority', weight: '2', size: ['4', '10', '6'] }, '$6.00');
    await expect(page.getByText('Order Creation Failed')).toBeVisible();
    await expect(page.getByText('Insufficient balance', { exact: true })).toBeVisible();
    await expect(dialog().getByText('Your wallet balance is too low for this label.')).toBeVisible();
    await expect(dialog()).toBeVisible();
    await expect(balanceBadge(page)).toHaveText('Balance: $5.00');
    await page.keyboard.press('Escape');
    await expect(totalOrders()).toHaveText('3');
    await expect(shipments().getByRole('row')).toHaveCount(4);
  });

  test('a label paid by card goes through the checkout page and is bought once paid', async () => {
    await createLabel({ type: 'USPS Priority', weight: '2', size: ['4', '10', '6'] }, '$6.00', 'Card');

    await expect(page).toHaveURL(/\/_local\/checkout\/[^/]+$/);
    await expect(page.getByText('$6.00')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    // Card checkouts come back to the wallet page (the same success URL as a top-up).
    await expect(page).toHaveURL(/\/user-dashboard\/transactions/);
    await checkoutReturnDone(page);
    await page.getByRole('link', { name: 'Shipping Labels' }).click();

    await expect(totalOrders()).toHaveText('4');
    const row = shipments().getByRole('row').nth(1);
    await expect(row).toContainText('created');
    await expect(row.getByRole('cell').nth(9)).toHaveText(/^94\d{20}$/);
    // Paid by card: the wallet pays nothing.
    await expect(balanceBadge(page)).toHaveText('Balance: $5.00');
    expect(consoleErrors.filter((e) => !expectedFailures.test(e))).toEqual([]);
  });
});

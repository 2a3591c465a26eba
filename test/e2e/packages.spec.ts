/**
 * Saved packages end to end, through the real handlers and DynamoDB Local: a new person saves a
 * package as the default on Saved Packages, finds it filled in when the Create Label dialog opens,
 * and buys a label with it; the order holds the package's weight and sizes. The tests run in order
 * on one page, as one person would.
 */
import { expect, test, type Page } from '@playwright/test';
import { balanceBadge, collectConsoleErrors, fillLabelForm, sessionToken, signUp, topUpByCard, unique } from './helpers';

const person = { name: 'Pia Packages', email: `pia-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const sender = { name: 'Pia Packages', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043' };
const recipient = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };

test.describe.serial('saved packages', () => {
  let page: Page;
  let consoleErrors: string[] = [];

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page.close();
  });

  const menuLink = (name: string) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });
  const dialog = () => page.getByRole('dialog', { name: 'Create Label' });

  test('a new account tops up $10 by card', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '10', '$10.00');
  });

  test('saves a package as the default on Saved Packages', async () => {
    await menuLink('Saved Packages').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Packages' })).toBeVisible();
    await expect(page.getByText(/No saved packages yet/)).toBeVisible();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Shoe box');
    await page.getByRole('spinbutton', { name: 'Weight (lbs)' }).fill('3');
    await page.getByRole('spinbutton', { name: 'Length (in)' }).fill('14');
    await page.getByRole('spinbutton', { name: 'Width (in)' }).fill('10');
    await page.getByRole('spinbutton', { name: 'Height (in)' }).fill('5');
    await page.getByText('Use it by default for new labels').click();
    await page.getByRole('button', { name: 'Add Package' }).click();

    await expect(page.getByText('Package saved')).toBeVisible();
    const row = page.getByRole('table', { name: 'Saved Packages' }).getByRole('row', { name: /Shoe box/ });
    await expect(row).toContainText('Default');
    await expect(row).toContainText('3 lb, 14 × 10 × 5 in');
    await expect(row.getByRole('button', { name: 'Remove default: Shoe box' })).toBeVisible();
  });

  test('the Create Label dialog opens with the default package filled in and buys a label with it', async ({ request }) => {
    await menuLink('Shipping Labels').click();
    await page.getByRole('button', { name: 'Create Label' }).click();
    const form = dialog();
    await expect(form.getByRole('spinbutton', { name: 'Weight (lbs)' })).toHaveValue('3');
    await expect(form.getByRole('spinbutton', { name: 'Length (in)' })).toHaveValue('14');
    await expect(form.getByRole('spinbutton', { name: 'Width (in)' })).toHaveValue('10');
    await expect(form.getByRole('spinbutton', { name: 'Height (in)' })).toHaveValue('5');
    await expect(form.getByRole('combobox', { name: 'Saved package' })).toHaveValue(/.+/);

    await fillLabelForm(form, { type: 'USPS Priority', from: sender, to: recipient });
    await expect(form.getByText('Estimated cost: $6.00')).toBeVisible();
    await form.getByRole('button', { name: 'Create Order $6.00' }).click();

    await expect(page.getByText('Label Created Successfully')).toBeVisible({ timeout: 15_000 });
    await expect(form).toBeHidden();
    await expect(balanceBadge(page)).toHaveText('Balance: $4.00');
    const row = page.getByRole('table', { name: 'Shipments' }).getByRole('row').nth(1);
    await expect(row).toContainText('3 lbs');

    // The order holds the package's figures.
    const orders = await request.get('/shipping/orders', { headers: { Authorization: `Bearer ${await sessionToken(page)}` } });
    expect(orders.status()).toBe(200);
    const [order] = ((await orders.json()) as { orders: { weight: number; length: number; width: number; height: number }[] }).orders;
    expect(order).toMatchObject({ weight: 3, length: 14, width: 10, height: 5 });
  });

  test('logged no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});

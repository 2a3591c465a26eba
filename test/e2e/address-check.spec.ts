/**
 * The address check before buying and saving, end to end through the real verify
 * route and the local ZIP-table check: a recipient whose ZIP belongs to another city gets a
 * suggestion in the Create Label dialog; one click uses it and the label is bought with it (the
 * stored order says so); "Keep my address" buys as entered; the Manage Addresses form asks the same
 * before saving, by keyboard alone. The panel passes axe and fits a 375 px screen. One person, in order.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createLabelThroughForm, sessionToken, signUp, topUpByCard, type FormLabelOrder, unique } from './helpers';
import { useLaptopPage } from './own-front';

const person = { name: 'Avery Address', email: `avery-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const sender = { name: 'Avery Address', street: '700 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
/** 10118 is New York's (the Empire State Building), not Brooklyn's. */
const wrongCity = { name: 'Grace Hopper', street: '350 5th Ave', city: 'Brooklyn', state: 'NY', zip: '10118' };
const order = (to: FormLabelOrder['to']): FormLabelOrder => ({ type: 'USPS Priority', weight: '2', size: ['4', '10', '6'], from: sender, to });

interface StoredOrder {
  shipOrderId: string;
  status: string;
  to: { name: string; street: string; city: string; state: string; zip: string };
}

test.describe.serial('address check', () => {
  let page: Page;
  let consoleErrors: string[] = [];

  useLaptopPage((p, errors) => ((page = p), (consoleErrors = errors)));
  test.afterAll(() => {
    expect(consoleErrors).toEqual([]);
  });

  const dialog = () => page.getByRole('dialog', { name: 'Create Label' });
  const panel = () => page.getByRole('region', { name: 'Check the address' });
  /** The caller's newest order, as the API stores and answers it. */
  const newestOrder = async (): Promise<StoredOrder> => {
    const response = await page.request.get('/shipping/orders', { headers: { Authorization: `Bearer ${await sessionToken(page)}` } });
    expect(response.ok()).toBe(true);
    const { orders } = (await response.json()) as { orders: StoredOrder[] };
    return orders[0] as StoredOrder;
  };

  test('a new account tops up $25 by card', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping Labels' })).toBeVisible();
  });

  test('a ZIP of another city shows the suggestion; "Use suggested address" buys the label with it in one click', async () => {
    await expect(page.getByText('Payment received')).toBeHidden();
    await createLabelThroughForm(page, order(wrongCity), '$6.00');

    // The check is one call each side before anything is bought; a loaded machine may take its time.
    await expect(panel()).toBeFocused({ timeout: 15_000 });
    const recipient = panel().getByRole('group', { name: 'Recipient address check' });
    await expect(recipient).toContainText('ZIP 10118 belongs to New York, not Brooklyn.');
    await expect(recipient).toContainText('Brooklyn, NY 10118');
    await expect(recipient).toContainText('New York, NY 10118');
    // Only the recipient disagrees: the sender is not shown.
    await expect(panel().getByRole('group', { name: 'Sender address check' })).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await panel().getByRole('button', { name: 'Use suggested address' }).click();
    // A purchase is several table writes and the carrier's calls: seconds under both workers' load.
    await expect(page.getByText('Label Created Successfully')).toBeVisible({ timeout: 15_000 });
    await expect(dialog()).toBeHidden();
    const stored = await newestOrder();
    expect(stored.status).toBe('created');
    expect(stored.to).toMatchObject({ name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' });
  });

  test('"Keep my address" buys as entered; the panel fits a 375 px screen', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await createLabelThroughForm(page, order(wrongCity), '$6.00');
    // The check is one call each side before anything is bought; a loaded machine may take its time.
    await expect(panel()).toBeFocused({ timeout: 15_000 });
    // Nothing wider than the phone's screen: the dialog scrolls only vertically.
    expect(await dialog().evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/address-check-375.png' });

    const before = (await newestOrder()).shipOrderId;
    await panel().getByRole('button', { name: 'Keep my address' }).click();
    await expect(dialog()).toBeHidden();
    await expect.poll(async () => (await newestOrder()).shipOrderId).not.toBe(before);
    expect((await newestOrder()).to).toMatchObject({ city: 'Brooklyn', state: 'NY', zip: '10118' });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('Manage Addresses checks before saving, and the suggestion is taken by keyboard alone', async () => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Addresses', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Addresses' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Office');
    await page.getByRole('textbox', { name: 'Street', exact: true }).fill('1 Main St');
    await page.getByRole('textbox', { name: 'City', exact: true }).fill('Dallas');
    await page.getByRole('combobox', { name: 'State', exact: true }).selectOption('TX');
    await page.getByRole('textbox', { name: 'ZIP', exact: true }).fill('78701');
    await page.getByRole('button', { name: 'Add Address' }).click();

    // The check is one call each side before anything is bought; a loaded machine may take its time.
    await expect(panel()).toBeFocused({ timeout: 15_000 });
    await expect(panel()).toContainText('ZIP 78701 belongs to Austin, not Dallas.');
    await page.keyboard.press('Tab');
    await expect(panel().getByRole('button', { name: 'Use suggested address' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Address saved')).toBeVisible();
    const saved = page.getByRole('table', { name: 'Saved Addresses' });
    await expect(saved).toContainText('Austin');
    await expect(saved).not.toContainText('Dallas');
  });
});

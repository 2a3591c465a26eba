/**
 * Ship dates and shortfalls paid by card end to end, through the real handlers, DynamoDB Local, the
 * sandbox carrier and the local sandbox checkout: a new person tops up $10 by card, buys a label
 * for a ship date three days ahead (US Eastern time) and sees that date in the shipments list; then,
 * with $4.00 left, a $6.00 label is refused and the dialog offers "Pay $2.00 by card and buy":
 * through the checkout and back, the label is in the list and the balance is $0.00 ($4.00 + $2.00 - $6.00).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addDays, todayInEastern } from '../../domain/ship-date';
import { balanceBadge, createLabelThroughForm, openLabelForm, signUp, topUpByCard, type FormLabelOrder, unique, checkoutReturnDone } from './helpers';
import { useLaptopPage } from './own-front';

const person = { name: 'Sid Shipdate', email: `sid-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const order: FormLabelOrder = {
  type: 'USPS Priority',
  weight: '2',
  size: ['4', '10', '6'],
  from: { name: 'Sid Shipdate', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043' },
  to: { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' },
};
/** MM/DD/YYYY, as the shipments list writes a ship date. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
/** The 402 before the card offer is expected. */
const expectedFailures = /Failed to load resource: the server responded with a status of 402/;

test.describe.serial('ship date and paying the shortfall', () => {
  let page: Page;
  let consoleErrors: string[] = [];

  useLaptopPage((p, errors) => ((page = p), (consoleErrors = errors)));

  const dialog = () => page.getByRole('dialog', { name: 'Create Label' });
  const shipments = () => page.getByRole('table', { name: 'Shipments' });

  test('a label for a ship date three days ahead shows that date in the shipments list', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '10', '$10.00');
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    await expect(page.getByText('Payment received')).toBeHidden();

    await openLabelForm(page, order, '$6.00');
    const shipDate = dialog().getByLabel('Ship date');
    const today = todayInEastern();
    await expect(shipDate).toHaveValue(today);
    await expect(shipDate).toHaveAttribute('min', today);
    await expect(shipDate).toHaveAttribute('max', addDays(today, 7));
    const day = addDays(today, 3);
    await shipDate.fill(day);
    await expect(shipDate).toHaveValue(day);
    await dialog().getByRole('button', { name: 'Create Order $6.00' }).click();

    await expect(page.getByText('Label Created Successfully')).toBeVisible();
    await expect(dialog()).toBeHidden();
    const row = shipments().getByRole('row').nth(1);
    await expect(row).toContainText('created');
    await expect(row).toContainText(usDate(day));
    await expect(balanceBadge(page)).toHaveText('Balance: $4.00');
  });

  test('with $4.00 left, a $6.00 label is paid by card for the $2.00 shortfall, and is in the list on return', async () => {
    test.setTimeout(90_000);
    await createLabelThroughForm(page, order, '$6.00');
    await expect(page.getByText('Insufficient balance', { exact: true })).toBeVisible();
    const pay = dialog().getByRole('button', { name: 'Pay $2.00 by card and buy' });
    await expect(pay).toBeVisible();
    // The offer is readable and operable at both widths (axe, WCAG 2.1 AA), once transitions have ended.
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[role="dialog"]').analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
    await pay.click();

    await expect(page).toHaveURL(/\/_local\/checkout\/[^/]+$/);
    await expect(page.getByText('$2.00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/transactions/);
    await expect(balanceBadge(page)).toHaveText('Balance: $0.00');
    await checkoutReturnDone(page);

    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    await expect(shipments().getByRole('row')).toHaveCount(3);
    const newest = shipments().getByRole('row').nth(1);
    await expect(newest).toContainText('created');
    await expect(newest).toContainText(usDate(todayInEastern()));
    await expect(newest.getByRole('cell').nth(9)).toHaveText(/^94\d{20}$/);
    expect(consoleErrors.filter((e) => !expectedFailures.test(e))).toEqual([]);
  });
});

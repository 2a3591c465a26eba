/**
 * The end of a shipping day end to end, through the real handlers, the sandbox carrier and DynamoDB
 * Local, from the shipper's Shipping Day page: two labels bought from a saved address go on one
 * SCAN form, whose PDF downloads; a second form finds nothing left; a pickup is booked for a parcel,
 * confirmed, listed and canceled, all at a phone's width (375 px). The tests run in order on one
 * page, as one person would.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { buyLabelWithCredits, sessionToken, signUp, topUpByCard, unique } from './helpers';
import { useLaptopPage } from './own-front';

const person = { name: 'Sam Shipday', email: `sam-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const origin = { name: 'Sam Shipday', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const recipient = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

test.describe.serial('shipping day', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  const tracking: string[] = [];

  useLaptopPage((p, errors) => ((page = p), (consoleErrors = errors)));

  /** axe's WCAG 2.0/2.1 A and AA rules on the page as it stands, at a phone's and a desktop's width. */
  async function expectAccessible() {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `axe at ${width} px`,
      ).toEqual([]);
    }
    await page.setViewportSize({ width: 375, height: 812 });
  }

  test('a new account saves its address and buys two labels from it', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '20', '$20.00');
    const saved = await request.post('/auth/addresses', { headers: { Authorization: `Bearer ${await sessionToken(page)}` }, data: origin });
    expect(saved.status()).toBe(201);
    tracking.push(await buyLabelWithCredits(page, request, origin, recipient));
    tracking.push(await buyLabelWithCredits(page, request, origin, recipient));
  });

  test("makes the day's SCAN form, sees the labels it covers and downloads its PDF", async () => {
    // From here at a phone's width: the page must work at 375 px.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/user-dashboard/shipping-day');
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping Day' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Ships from/ })).toContainText('1600 Amphitheatre Pkwy');
    await page.getByRole('button', { name: 'Make SCAN form' }).click();
    await expect(page.getByText('SCAN form made', { exact: true })).toBeVisible();
    const covered = page.getByRole('list', { name: 'Labels on this form' });
    await expect(covered.getByRole('listitem')).toHaveCount(2);
    for (const t of tracking) await expect(covered).toContainText(t);

    const section = page.getByRole('region', { name: 'SCAN forms' });
    await expect(section.getByText(/· 2 labels/)).toBeVisible();
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: /Download PDF of the SCAN form of/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^scan-form-\d{4}-\d{2}-\d{2}-[0-9A-Z]{26}\.pdf$/);

    // Nothing of the day is left for a second form.
    await page.getByRole('button', { name: 'Make SCAN form' }).click();
    await expect(page.getByText('No label of that day and origin is left to put on a SCAN form.')).toBeVisible();
    // The page fits a phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('books a pickup for a parcel, sees its confirmation and cancels it', async () => {
    await page.getByText(new RegExp(`^${tracking[0]} · to Grace Hopper`)).click();
    await expect(page.getByRole('checkbox', { name: new RegExp(tracking[0]!) })).toBeChecked();
    await page.getByRole('textbox', { name: 'Instructions for the carrier' }).fill('Side door');
    await page.getByRole('button', { name: 'Book pickup' }).click();
    await expect(page.getByText('Pickup booked', { exact: true })).toBeVisible();
    const pickups = page.getByRole('region', { name: 'Pickups' });
    await expect(pickups.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(pickups.getByText(/^Confirmation SBX/)).toBeVisible();
    await expect(pickups).toContainText('1 parcel · Side door');

    await pickups.getByRole('button', { name: /Cancel the pickup of/ }).click();
    await expect(page.getByText('Pickup canceled', { exact: true })).toBeVisible();
    await expect(pickups.getByText('Canceled', { exact: true })).toBeVisible();
    await expect(pickups.getByRole('button', { name: /Cancel the pickup of/ })).toHaveCount(0);
    // With a form made, its labels shown and a pickup listed, the page passes axe at both widths.
    await expectAccessible();
    // The one 409 is the second SCAN form's, refused on purpose above (the browser logs every 4xx).
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
  });
});

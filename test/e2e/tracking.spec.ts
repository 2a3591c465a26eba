/**
 * Tracking updates pushed in, end to end through the local front: a person buys a label,
 * then the local advance control (`POST /_local/tracking/<number>/advance`) moves it one planned
 * carrier event at a time, each emitted as a signed EasyPost event through the real webhook code.
 * The open Shipping Labels page shows the package's status and last event change by itself (its
 * list asks again while a package is on its way), without a reload, up to delivered; then the
 * control answers 409.
 */
import { expect, test, type Page } from '@playwright/test';
import { buyLabelWithCredits, collectConsoleErrors, signUp, topUpByCard, unique } from './helpers';

const person = { name: 'Tess Tracker', email: `tess-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Tess Tracker', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

/** The list asks again every 30 s while a package moves: a change shows within that, plus the request. */
const LIVE = { timeout: 45_000 };

test.describe.serial('tracking updates pushed in', () => {
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

  const row = () => page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: tracking });
  const advance = (number = tracking) => page.request.post(`/_local/tracking/${encodeURIComponent(number)}/advance`);

  test('a new label shows its package as pre transit, with no carrier event yet', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '10', '$10.00');
    tracking = await buyLabelWithCredits(page, request, from, to);
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    await page.reload();
    await expect(row()).toContainText('created');
    await expect(row()).toContainText('pre transit');
  });

  test('each advance moves the open table by itself, up to delivered, and the control then answers 409', async () => {
    test.setTimeout(180_000);
    const first = await advance();
    expect(first.status()).toBe(200);
    const moved = (await first.json()) as { status: string; lastEvent: { message: string }; step: number; steps: number };
    expect(moved.status).toBe('in_transit');
    expect(moved.lastEvent.message).toBe('Accepted at USPS Origin Facility');

    // No reload: the list asks again by itself while the package is on its way.
    await expect(row()).toContainText('in transit', LIVE);
    await expect(row()).toContainText('Accepted at USPS Origin Facility');
    await expect(row()).toContainText('MOUNTAIN VIEW, CA');

    let last = moved;
    for (let step = moved.step; step < moved.steps; step++) {
      const res = await advance();
      expect(res.status()).toBe(200);
      last = (await res.json()) as typeof moved;
    }
    expect(last.status).toBe('delivered');

    await expect(row()).toContainText('delivered', LIVE);
    await expect(row()).toContainText('Delivered, In/At Mailbox');
    await expect(row()).toContainText('NEW YORK, NY');
    await expect(row().getByText('delivered', { exact: true })).toBeVisible();

    const again = await advance();
    expect(again.status()).toBe(409);
    expect((await advance('9400100000000000000000')).status()).toBe(404);
  });

  test('the Track Package page agrees with the table', async () => {
    await row()
      .getByRole('link', { name: `Track ${tracking}` })
      .click();
    await expect(page.getByText('Delivered, In/At Mailbox').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

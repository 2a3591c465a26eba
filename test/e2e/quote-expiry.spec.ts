/**
 * A quote is bought only while it lasts, by the server's clock, seen by a shipper: a front of its
 * own runs with QUOTE_TTL_SECONDS=60 (its least). The Create Label dialog asks for a new quote
 * instead of buying from one about to end, by the browser's clock; here that clock runs 90 s behind
 * the server's (Playwright's clock, as a machine's may), so to the dialog its quote stays fresh while
 * it ends on the server. Create Order then sends the expired quote: the server answers 409 with the
 * price now, the toast says the quote expired, nothing is charged or bought, and the dialog quotes
 * again. Create Order then buys at that price, charged once.
 */
import { expect, test, type Page } from '@playwright/test';
import { balanceBadge, openLabelForm, sessionToken, signUp, topUpByCard, unique } from './helpers';
import { useOwnFrontPage } from './own-front';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 58;
test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

const person = { name: 'Quinn Quote', email: `quinn-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Quinn Quote', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };

/** The end of the newest quote `page` has received, as the server wrote it (ms since the epoch); 0 before any. */
function quoteEnds(page: Page): () => number {
  let end = 0;
  page.on('response', (r) => {
    if (!r.url().endsWith('/shipping/rates') || !r.ok()) return;
    void r.json().then((q: { expiresAt: string }) => (end = Math.max(end, Date.parse(q.expiresAt))));
  });
  return () => end;
}

test.describe.serial('an expired quote', () => {
  const own = useOwnFrontPage(FRONT_PORT, { QUOTE_TTL_SECONDS: '60' });

  test('answers 409 with the price now and charges nothing; the shipper then buys at that price', async ({ request }) => {
    test.setTimeout(180_000);
    const { page } = own;
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    // From here the browser's clock runs 90 s behind the server's.
    await page.clock.install({ time: new Date(Date.now() - 90_000) });
    await page.reload();
    const quoted = quoteEnds(page);

    const form = await openLabelForm(page, { type: 'USPS Priority', weight: '2', size: ['4', '10', '6'], from, to }, '$6.00');
    await expect.poll(quoted).toBeGreaterThan(Date.now());
    // A quote of a field filled last may still be on its way: then wait until the newest has ended on the server.
    await page.waitForTimeout(1_000);
    await page.waitForTimeout(quoted() - Date.now() + 2_000);

    const answer = page.waitForResponse((r) => r.url().endsWith('/shipping/create-label'));
    await form.getByRole('button', { name: 'Create Order $6.00' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ message: 'This quote has expired; here is the price now.', priceCents: 600 });
    await expect(page.getByText('Order Creation Failed')).toBeVisible();
    await expect(page.getByText('This quote has expired; here is the price now.')).toBeVisible();
    await expect(form).toBeVisible();
    await expect(balanceBadge(page)).toHaveText('Balance: $25.00');
    const orders = await request.get('/shipping/orders', { headers: { Authorization: `Bearer ${await sessionToken(page)}` } });
    expect(((await orders.json()) as { orders: unknown[] }).orders).toEqual([]);

    // The dialog has quoted the form again: the purchase names the new quote.
    await expect.poll(quoted).toBeGreaterThan(Date.now() + 30_000);
    await expect(form.getByText('Estimated cost: $6.00')).toBeVisible();
    await form.getByRole('button', { name: 'Create Order $6.00' }).click();
    await expect(page.getByText('Label Created Successfully')).toBeVisible({ timeout: 15_000 });
    // The dialog's exit animation waits on requestAnimationFrame, which Playwright's clock drives on this
    // page and does not always advance: the dialog is then still in the page, marked closed, or already gone.
    await expect(page.locator('[role="dialog"][data-state="open"]')).toHaveCount(0);
    await expect(balanceBadge(page)).toHaveText('Balance: $19.00');
    await expect(page.getByRole('table', { name: 'Shipments' }).getByRole('row')).toHaveCount(2);
    expect(own.consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});

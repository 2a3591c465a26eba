/**
 * Postage adjustments, end to end through the local front: a person buys a $6.00 label from a $10.00
 * wallet; the local control (`POST /_local/labels/<id>/adjust`) makes the sandbox carrier send
 * USPS's re-rating of it ($12.00, wrong weight) as a signed EasyPost invoice event through the real
 * webhook code, twice. It is debited once, taking the wallet below zero (a purchase then waits for a
 * top-up), mailed, and listed on the Adjustments page with the declared and measured parcel; Dispute
 * sends one support request with the label attached.
 */
import { expect, test, type Page } from '@playwright/test';
import { balanceBadge, buyLabelWithCredits, collectConsoleErrors, mailsTo, sessionToken, signUp, topUpByCard, unique } from './helpers';

const person = { name: 'Ada Adjusted', email: `ada-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Ada Adjusted', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };
const measured = { weight: 5, length: 12, width: 10, height: 8 };

test.describe.serial('postage adjustments', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  let tracking = '';
  let shipOrderId = '';

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterAll(async () => {
    await page.close();
  });

  const adjust = () => page.request.post(`/_local/labels/${shipOrderId}/adjust`, { data: { amountCents: 1200, reason: 'Weight', measured } });

  test('a re-rated label is debited once, even below zero, and mailed; a purchase then waits for a top-up', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '10', '$10.00');
    tracking = await buyLabelWithCredits(page, request, from, to);
    const token = await sessionToken(page);
    const orders = await request.get('/shipping/orders', { headers: { Authorization: `Bearer ${token}` } });
    shipOrderId = ((await orders.json()) as { orders: { shipOrderId: string; tracking: string }[] }).orders.find((o) => o.tracking === tracking)!.shipOrderId;

    const first = await adjust();
    expect(first.status()).toBe(200);
    expect(await first.json()).toMatchObject({ outcome: 'applied', adjustments: [{ amountCents: 1200, reason: 'Weight' }] });
    const replay = await adjust();
    expect(await replay.json()).toMatchObject({ outcome: 'replay', adjustments: [{ amountCents: 1200 }] });
    expect((await page.request.post('/_local/labels/01ARZ3NDEKTSV4RRFFQ69G5FAV/adjust', { data: { amountCents: 100, reason: 'Weight' } })).status()).toBe(404);

    await page.reload();
    await expect(balanceBadge(page)).toHaveText('Balance: -$8.00', { timeout: 15_000 });
    const mails = await mailsTo(request, person.email);
    expect(mails.filter((m) => m.subject === `Postage adjustment of $12.00 on label ${tracking}`)).toHaveLength(1);

    const again = await request.post('/shipping/create-label', {
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${unique()}` },
      data: { labelType: 'usps_priority', weight: 2, height: 4, length: 10, width: 6, from, to, paymentMethod: 'credits' },
    });
    expect(again.status()).toBe(402);
  });

  test('the Adjustments page lists it with its evidence, and Dispute sends one support request with the label', async ({ request }) => {
    await page.getByRole('link', { name: 'Adjustments' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Adjustments' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Postage adjustments' }).getByRole('row').filter({ hasText: tracking });
    await expect(row).toContainText('Weight');
    await expect(row).toContainText('2 lb, 10 × 6 × 4 in');
    await expect(row).toContainText('5 lb, 12 × 10 × 8 in');
    await expect(row).toContainText('−$12.00');

    await row.getByRole('button', { name: `Dispute the $12.00 adjustment of label ${tracking}` }).click();
    const dialog = page.getByRole('dialog', { name: `Dispute the adjustment of label ${tracking}` });
    await dialog.getByRole('textbox', { name: 'Why it is wrong' }).fill('I weighed it at 2 lb on a postal scale before shipping.');
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(row).toContainText('Disputed');
    await expect(row.getByRole('button', { name: /^Dispute/ })).toHaveCount(0);
    await expect
      .poll(async () => (await mailsTo(request, 'support@prepaidship.local')).filter((m) => m.text.includes('I weighed it at 2 lb on a postal scale')).length)
      .toBe(1);
    const [mail] = (await mailsTo(request, 'support@prepaidship.local')).filter((m) => m.text.includes('I weighed it at 2 lb on a postal scale'));
    expect(mail!.text).toContain(`Label: ${tracking}`);
    expect(consoleErrors).toEqual([]);
  });
});

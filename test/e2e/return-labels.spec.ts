/**
 * Return labels end to end, through the real handlers, the sandbox carrier and DynamoDB Local, from
 * the shipper's Shipping Labels page: a label bought for a recipient with an email gets a return
 * label from its row's dialog (the quoted price, the email filled in, pay on use not offered); the
 * return is listed under its outbound, the wallet pays its price, and the recipient's mail carries a
 * link that prints the PDF without signing in. Then the same on a phone's width (375 px).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { balanceBadge, mailsTo, sessionToken, shipmentRow, signUp, topUpByCard, unique } from './helpers';
import { useLaptopPage } from './own-front';

const person = { name: 'Rita Return', email: `rita-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const buyerEmail = `buyer-${unique()}@example.com`;
const origin = { name: 'Rita Return', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043', country: 'US' };
const buyer = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

test.describe.serial('return labels', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  const tracking: string[] = [];

  useLaptopPage((p, errors) => ((page = p), (consoleErrors = errors)));

  /** Buys a $6.00 label from `origin` to the buyer (with their email) through the API; its tracking number. */
  async function buyOutbound(request: import('@playwright/test').APIRequestContext): Promise<string> {
    const response = await request.post('/shipping/create-label', {
      headers: { Authorization: `Bearer ${await sessionToken(page)}`, 'Idempotency-Key': `e2e-${unique()}` },
      data: {
        labelType: 'usps_priority',
        weight: 2,
        height: 4,
        length: 10,
        width: 6,
        from: origin,
        to: { ...buyer, email: buyerEmail },
        paymentMethod: 'credits',
      },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { label: { tracking: string } }).label.tracking;
  }

  test('a shipper creates a return label from a shipment, sees it under the shipment, and the buyer prints it from the mail', async ({ request }) => {
    test.setTimeout(120_000);
    await signUp(page, request, person);
    await topUpByCard(page, '20', '$20.00');
    tracking.push(await buyOutbound(request), await buyOutbound(request));

    await page.goto('/user-dashboard');
    await expect(shipmentRow(page, tracking[0]!)).toBeVisible();
    await shipmentRow(page, tracking[0]!)
      .getByRole('button', { name: `Create return label for ${tracking[0]}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create a return label' });
    await expect(dialog.getByText('Price: $6.00')).toBeVisible();
    await expect(dialog).toContainText('A prepaid label from Grace Hopper back to Rita Return');
    await expect(dialog.getByRole('textbox', { name: 'Send it to (email)' })).toHaveValue(buyerEmail);
    await expect(dialog.getByRole('option', { name: 'Pay when used (not offered)' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Buy for $6.00' }).click();
    await expect(page.getByText('Return label created', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(balanceBadge(page)).toHaveText('Balance: $2.00');

    // Listed right under its outbound, tagged, from the buyer back to the shipper.
    const rows = page.getByRole('table', { name: 'Shipments' }).getByRole('row');
    const outboundRow = rows.filter({ hasText: tracking[0]! });
    await expect(outboundRow.getByRole('cell').first()).toHaveText('2');
    const returnRow = rows.nth(3);
    await expect(returnRow).toContainText('Returnof shipment #2');
    await expect(returnRow).toContainText('Grace Hopper, New York');
    await expect(returnRow.getByRole('button', { name: /^Download PDF/ })).toBeVisible();

    // The buyer's mail links the PDF, served without signing in.
    let mail: { subject: string; text: string } | undefined;
    await expect(async () => {
      [mail] = await mailsTo(request, buyerEmail);
      expect(mail?.subject).toBe('Your prepaid return label from Rita Return');
    }).toPass({ timeout: 15_000 });
    const link = /https?:\/\/\S+\/shipping\/return-label\?token=\S+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    const pdf = await request.get(new URL(link!).pathname + new URL(link!).search);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // The price step is the route's 409 with the quote (it buys nothing), which the browser logs.
    expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });

  test('on a phone the shipment card offers the return label and shows the return', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/user-dashboard');
    await expect(page.getByText('Returnof shipment #2')).toBeVisible();
    const button = page.getByRole('button', { name: `Create return label for ${tracking[1]}` });
    await expect(button).toBeVisible();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Create a return label' });
    await expect(dialog.getByText('Price: $6.00')).toBeVisible();
    // The dialog fits the phone (nothing scrolls sideways) and passes axe's WCAG 2.1 A and AA rules.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});

/**
 * A label's extras from the Create Label dialog, end to end through the real handlers, DynamoDB
 * Local and the sandbox carrier: a new person tops up $25 by card, asks for two lines of text, an
 * adult signature and $250 of insurance, sees what the price includes, buys the label at that price,
 * sees the extras in the shipments table, and downloads a label PDF that prints them.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfTextRuns } from '../unit/providers/carrier/pdf-text';
import { balanceBadge, collectConsoleErrors, fillAddress, signUp, topUpByCard, unique } from './helpers';

const person = { name: 'Ext Ras', email: `extras-${unique()}@example.com`, password: 'E2e-User-Pass1!' };

test('a label with text lines, an adult signature and insurance: priced in the dialog, bought at that price, printed on the PDF', async ({ page, request }) => {
  test.setTimeout(120_000);
  const consoleErrors = collectConsoleErrors(page);
  await signUp(page, request, person);
  await topUpByCard(page, '25', '$25.00');
  await page.getByRole('link', { name: 'Shipping Labels' }).click();

  await page.getByRole('button', { name: 'Create Label' }).click();
  const form = page.getByRole('dialog', { name: 'Create Label' });
  await form.getByRole('combobox', { name: 'Label type' }).selectOption({ label: 'USPS Priority' });
  await form.getByRole('spinbutton', { name: 'Weight (lbs)' }).fill('2');
  await form.getByRole('spinbutton', { name: 'Height (in)' }).fill('4');
  await form.getByRole('spinbutton', { name: 'Length (in)' }).fill('10');
  await form.getByRole('spinbutton', { name: 'Width (in)' }).fill('6');
  await form.getByRole('textbox', { name: 'Label text line 1' }).fill('Order #1042');
  await form.getByRole('textbox', { name: 'Label text line 2' }).fill('Fragile: glass');
  await form.getByRole('combobox', { name: 'Signature' }).selectOption({ label: 'Adult Signature Required' });
  await form.getByRole('textbox', { name: 'Declared value to insure ($)' }).fill('250');
  await fillAddress(form.getByRole('group', { name: 'Sender' }), { name: 'Ext Ras', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' });
  await fillAddress(form.getByRole('group', { name: 'Recipient' }), { name: 'Grace Hopper', street: '2 Elm St', city: 'New York', state: 'NY', zip: '10001' });
  await form.getByRole('combobox', { name: 'Payment method' }).selectOption({ label: 'Wallet credits' });

  // $6.00 of postage, Adult Signature Required $10.20, $250 insured at $0.80 per started $100.
  await expect(form.getByText('Includes signature $10.20 and insurance $2.40. USPS covers up to $100.00 at no charge.')).toBeVisible({ timeout: 15_000 });
  await expect(form.getByText('Estimated cost: $18.60')).toBeVisible();
  await form.getByRole('button', { name: 'Create Order $18.60' }).click();
  await expect(page.getByText('Label Created Successfully')).toBeVisible({ timeout: 15_000 });
  await expect(balanceBadge(page)).toHaveText('Balance: $6.40');

  const shipments = page.getByRole('table', { name: 'Shipments' });
  const row = shipments.getByRole('row').nth(1);
  await expect(row).toContainText('Adult Signature Required · Insured $250.00 · "Order #1042" · "Fragile: glass"');
  const tracking = ((await row.getByRole('cell').nth(9).textContent()) ?? '').trim();
  expect(tracking).toMatch(/^94\d{20}$/);

  const saved = page.waitForEvent('download');
  await shipments.getByRole('button', { name: `Download PDF for ${tracking}` }).click();
  const bytes = await readFile(await (await saved).path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfTextRuns(bytes);
  expect(text).toEqual(expect.arrayContaining(['Order #1042', 'Fragile: glass', 'ADULT SIGNATURE REQUIRED', 'INSURED $250.00']));
  expect(consoleErrors).toEqual([]);
});

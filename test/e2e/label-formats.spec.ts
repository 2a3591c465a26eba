/**
 * Label formats from the shipper's pages, end to end through the real handlers, DynamoDB Local and
 * the sandbox carrier: a new shipper buys a label, downloads it from the shipments table in every
 * format (each file read back: the PDFs by pdf-lib, the PNGs by their size and decoded barcode, the
 * ZPL parsed), sets ZPL as the default on the Profile page, and gets it in one click after; on a
 * 375 px phone the format menu works too.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { decodePngBarcodes, parseZpl, pngDimensions, zplBarcodes } from '../fixtures/label-file-checks';
import { buyLabelWithCredits, collectConsoleErrors, shipmentRow, signUp, topUpByCard, unique } from './helpers';

const person = { name: 'Form Ats', email: `formats-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Form Ats', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const to = { name: 'Grace Hopper', street: '2 Elm St', city: 'New York', state: 'NY', zip: '10001', country: 'US' };

/** Saves what `click` downloads; its suggested name and bytes. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const saved = page.waitForEvent('download');
  await click();
  const download = await saved;
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/** Picks `name` in the format menu of the shipment `tracking` (a table row, or a card on a phone). */
async function fromMenu(page: Page, tracking: string, name: string) {
  return downloaded(page, async () => {
    await page.getByRole('button', { name: `Other label formats for ${tracking}` }).click();
    await page.getByRole('menuitem', { name }).click();
  });
}

test('a label downloaded in every format from the shipments table, and ZPL made the default on the Profile page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const consoleErrors = collectConsoleErrors(page);
  await signUp(page, request, person);
  await topUpByCard(page, '25', '$25.00');
  const tracking = await buyLabelWithCredits(page, request, from, to);
  await page.getByRole('link', { name: 'Shipping Labels' }).click();
  const row = shipmentRow(page, tracking);
  await expect(row).toBeVisible({ timeout: 15_000 });

  // One click: the 4x6 PDF, the default of a new account.
  const pdf = await downloaded(page, () => row.getByRole('button', { name: `Download PDF for ${tracking}` }).click());
  expect(pdf.name).toBe(`${tracking}.pdf`);
  expect((await PDFDocument.load(pdf.bytes)).getPage(0).getSize()).toEqual({ width: 288, height: 432 });

  const letter = await fromMenu(page, tracking, 'PDF letter (2 per page)');
  expect(letter.name).toBe(`${tracking}-letter.pdf`);
  const letterDoc = await PDFDocument.load(letter.bytes);
  expect(letterDoc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([[612, 792]]);

  for (const [dpi, width, height] of [
    [203, 812, 1218],
    [300, 1200, 1800],
  ] as const) {
    const png = await fromMenu(page, tracking, `PNG 4x6, ${dpi} dpi`);
    expect(png.name).toBe(`${tracking}-${dpi}dpi.png`);
    expect(pngDimensions(png.bytes)).toEqual({ width, height });
    expect(await decodePngBarcodes(png.bytes)).toEqual([`(420)10001(${tracking.slice(0, 2)})${tracking.slice(2)}`]);
  }

  const zpl = await fromMenu(page, tracking, 'ZPL (thermal printer)');
  expect(zpl.name).toBe(`${tracking}.zpl`);
  const labels = parseZpl(zpl.bytes.toString('utf8'));
  expect(labels).toHaveLength(1);
  expect(zplBarcodes(labels[0]!).map((b) => b.digits)).toEqual([`42010001${tracking}`]);

  // The Profile page sets the default; the shipments table's one click follows it.
  await page.goto('/user-dashboard/profile-edit');
  const setting = page.getByRole('form', { name: 'Label format' });
  await expect(setting.getByRole('radio', { name: 'PDF 4x6' })).toBeChecked();
  await setting.getByRole('radio', { name: 'ZPL (thermal printer)' }).check();
  await setting.getByRole('button', { name: 'Save label format' }).click();
  await expect(page.getByText('Label format saved')).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('form[aria-label="Label format"]').analyze();
  expect(axe.violations).toEqual([]);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Label format' }).getByRole('radio', { name: 'ZPL (thermal printer)' })).toBeChecked();

  await page.getByRole('link', { name: 'Shipping Labels' }).click();
  const byDefault = await downloaded(page, () =>
    shipmentRow(page, tracking)
      .getByRole('button', { name: `Download ZPL for ${tracking}` })
      .click(),
  );
  expect(byDefault.name).toBe(`${tracking}.zpl`);
  expect(byDefault.bytes.equals(zpl.bytes)).toBe(true);

  // On a 375 px phone (shipments as cards) the menu opens within the screen and its items download.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByRole('button', { name: `Other label formats for ${tracking}` }).click();
  const item = page.getByRole('menuitem', { name: 'PDF 4x6' });
  const box = await item.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await page.keyboard.press('Escape');
  const phone = await fromMenu(page, tracking, 'PDF 4x6');
  expect(phone.name).toBe(`${tracking}.pdf`);
  expect(phone.bytes.equals(pdf.bytes)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

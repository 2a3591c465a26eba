/**
 * Receipts and exports end to end, through the real handlers, DynamoDB
 * Local, the sandbox carrier and the local sandbox checkout: a new person tops up $25 by card and
 * buys a $6.00 label, downloads the top-up's receipt from its wallet row and the label's from the
 * shipment (PDFs that say the amount and the balance after), exports the orders and the transactions
 * as CSV (BOM, header, their rows) of the days chosen in the list's filter bar (one date
 * range a page; an inverted range is left out, so the export says and downloads all days), and the
 * admin exports every user's top-ups from the admin Transactions page.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { pdfTextRuns } from '../unit/providers/carrier/pdf-text';
import { buyLabelWithCredits, collectConsoleErrors, signIn, signOut, signUp, topUpByCard, unique } from './helpers';

const person = { name: 'Bea Books', email: `bea-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const place = (name: string, zip: string, city: string, state: string) => ({ name, street: '1 Ledger Ln', city, state, zip, country: 'US' });

/** Today in US Eastern time, as the filter bar's day inputs take it, and the day before. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** A day as the export button names it ("Mar 5, 2026"). */
const dayName = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** A saved download's bytes. */
const bytesOf = async (download: Download) => readFile(await download.path());

/** A CSV download's lines, after checking its UTF-8 BOM. */
async function csvLines(download: Download): Promise<string[]> {
  const bytes = await bytesOf(download);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
}

/** A PDF download's text, after checking it is a PDF. */
async function pdfText(download: Download): Promise<string> {
  const bytes = await bytesOf(download);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return (await pdfTextRuns(bytes)).join('\n');
}

test.describe.serial('receipts and exports', () => {
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

  /** Clicks `button` and answers the file the browser saved. */
  async function download(click: () => Promise<void>): Promise<Download> {
    const saved = page.waitForEvent('download');
    await click();
    return saved;
  }

  test('a new account tops up $25 by card and buys a $6.00 label', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    tracking = await buyLabelWithCredits(page, request, place('Bea Books', '78701', 'Austin', 'TX'), place('Cal Client', '10001', 'New York', 'NY'));
  });

  test("downloads the top-up's receipt from its wallet row", async () => {
    await page.reload();
    const transactions = page.getByRole('table', { name: 'Recent Transactions' });
    await expect(transactions.getByRole('button', { name: 'Download receipt for Label of -$6.00' })).toBeVisible();
    const file = await download(() => transactions.getByRole('button', { name: 'Download receipt for Top-up of $25.00' }).click());

    expect(file.suggestedFilename()).toMatch(/^receipt-[0-9A-Z]{26}\.pdf$/);
    const text = await pdfText(file);
    for (const line of ['RECEIPT', 'Wallet top-up', 'Amount paid', '$25.00', 'Card', 'Billed to', person.email]) expect(text).toContain(line);
    expect(text).toMatch(/Balance after\n\$25\.00/);
  });

  test("downloads the label's receipt from its shipment", async () => {
    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    const shipments = page.getByRole('table', { name: 'Shipments' });
    const file = await download(() => shipments.getByRole('button', { name: `Download receipt for label ${tracking}` }).click());

    const text = await pdfText(file);
    for (const line of ['Shipping label', tracking, 'Cal Client', 'Wallet credits', '$6.00']) expect(text).toContain(line);
    expect(text).toMatch(/Balance after\n\$19\.00/);
  });

  test("exports the orders of the filter bar's days as CSV from the Shipping Labels page", async () => {
    const bar = page.getByRole('search', { name: 'Filter shipments' });
    await expect(page.getByLabel('From', { exact: true })).toHaveCount(1);
    const file = await download(() => page.getByRole('button', { name: 'Export CSV (all days)' }).click());

    expect(file.suggestedFilename()).toBe('prepaidship-orders-all.csv');
    const [header, ...rows] = await csvLines(file);
    expect(header).toMatch(/^shipOrderId,createdAt,shipDate,status,labelType,service,tracking,/);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`,created,usps_priority,USPS Priority,${tracking},`);
    expect(rows[0]).toMatch(/,credits,6\.00,600$/);

    // Days before today's purchase: the list and the file are both empty.
    await bar.getByLabel('To').fill(yesterday);
    await expect(page.getByText('No shipments match these filters')).toBeVisible();
    const none = await download(() => page.getByRole('button', { name: `Export CSV (to ${dayName(yesterday)})` }).click());
    expect(none.suggestedFilename()).toBe(`prepaidship-orders-to-${yesterday}.csv`);
    expect(await csvLines(none)).toEqual([header]);
    await bar.getByRole('button', { name: 'Clear filters' }).click();
  });

  test("exports the transactions of the filter bar's days from the Wallet page; an inverted range exports all days", async () => {
    await page.getByRole('link', { name: 'Account Wallet' }).click();
    const bar = page.getByRole('search', { name: 'Filter transactions' });
    await expect(page.getByLabel('From', { exact: true })).toHaveCount(1);
    await bar.getByLabel('From').fill(today);
    await bar.getByLabel('To').fill('2020-01-01');
    await expect(bar.getByText('From must be on or before To')).toBeVisible();
    const inverted = await download(() => page.getByRole('button', { name: 'Export CSV (all days)' }).click());
    expect(inverted.suggestedFilename()).toBe('prepaidship-transactions-all.csv');

    await bar.getByLabel('To').fill(today);
    const exportToday = page.getByRole('button', { name: `Export CSV (${dayName(today)})` });
    await expect(exportToday).toHaveAccessibleDescription("Days from the filters above; type and status don't narrow the file.");
    const file = await download(() => exportToday.click());
    expect(file.suggestedFilename()).toBe(`prepaidship-transactions-${today}_${today}.csv`);
    const [header, ...rows] = await csvLines(file);
    expect(header).toBe('entryId,createdAt,completedAt,type,status,amount,amountCents,creditType,provider,orderId,reason');
    expect(rows.map((r) => r.split(',').slice(3, 7))).toEqual([
      ['topup', 'completed', '25.00', '2500'],
      ['label', 'completed', '-6.00', '-600'],
    ]);
    await expect(bar.getByText('From must be on or before To')).toBeHidden();

    // Days before today: an empty file (its header only).
    await bar.getByLabel('From').fill('2020-01-01');
    await bar.getByLabel('To').fill(yesterday);
    const none = await download(() => page.getByRole('button', { name: `Export CSV (${dayName('2020-01-01')} to ${dayName(yesterday)})` }).click());
    expect(none.suggestedFilename()).toBe(`prepaidship-transactions-2020-01-01_${yesterday}.csv`);
    expect(await csvLines(none)).toEqual([header]);
    await bar.getByRole('button', { name: 'Clear filters' }).click();
  });

  test('on a 375 px phone the export button, even naming a long range, and the receipt buttons fit without sideways scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    const bar = page.getByRole('search', { name: 'Filter transactions' });
    await bar.getByLabel('From').fill('2020-12-31');
    await bar.getByLabel('To').fill(today);
    await expect(page.getByRole('button', { name: `Export CSV (Dec 31, 2020 to ${dayName(today)})` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download receipt for Top-up of $25.00' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/books-wallet-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("the admin exports every user's top-ups from the admin Transactions page", async ({ request }) => {
    test.setTimeout(60_000);
    await signOut(page);
    await signIn(page, request, e2eAdmin);
    await page.getByRole('link', { name: 'Transactions' }).click();
    const group = page.getByRole('group', { name: "Export every user's top-ups as CSV" });
    const file = await download(() => group.getByRole('button', { name: 'Export CSV (all days)' }).click());

    expect(file.suggestedFilename()).toBe('prepaidship-topups-all-users-all.csv');
    const [header, ...rows] = await csvLines(file);
    expect(header).toMatch(/^entryId,userId,userName,userEmail,createdAt,/);
    const bea = rows.filter((r) => r.includes(person.email));
    expect(bea).toHaveLength(1);
    expect(bea[0]).toContain(',topup,completed,25.00,2500,');
    expect(consoleErrors).toEqual([]);
  });
});

/**
 * Batch labels end to end, through the real handlers, DynamoDB Local, the
 * in-process batch worker, the sandbox carrier and the local sandbox checkout: a new person tops up
 * $25 by card and uploads a CSV of five rows (three good, one with a bad ZIP, one with a bad
 * weight). The preview prices the good rows and names each bad row's column; the ZIP is fixed in
 * place and the weight row dropped; a doubled click on "Buy 4 labels ($24.00)" buys once; the
 * progress bar reaches 4 of 4; the merged PDF has four pages and the result CSV four bought rows;
 * the balance fell by exactly $24.00. A CSV with an unknown column is refused with the server's
 * message and nothing is stored; the upload page's Recent batches lists the first batch, whose link
 * opens it (and the sidebar keeps Batch Labels current on a batch's page). Then, with $1.00 left, a one-row batch pays its $5.00 shortfall
 * through the sandbox checkout and is bought on return; and a batch paid wholly by card is bought
 * only once its checkout is paid (a cancelled one buys nothing and leaves it to buy again).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { balanceBadge, batchCsvColumns, batchCsvFile, batchCsvRow, collectConsoleErrors, sessionToken, signUp, topUpByCard, unique } from './helpers';

const person = { name: 'Bea Batch', email: `bea-${unique()}@example.com`, password: 'E2e-User-Pass1!' };

/** The browser logs the answers this spec expects to be refused: the unknown column (400) and the short balance (402). */
const expectedFailures = /Failed to load resource: the server responded with a status of (400|402)/;

test.describe.serial('batch labels', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  /** The first batch's own page, found again in the upload page's Recent batches. */
  let firstBatchPath = '';

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    consoleErrors = collectConsoleErrors(page);
  });
  test.afterAll(async () => {
    await page.close();
  });

  const rows = () => page.getByRole('table', { name: 'Batch rows' });
  /** The table row of spreadsheet row `n` (the Row column's number). */
  const tableRow = (n: number) =>
    rows()
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(n), exact: true }) });
  const summary = () => page.getByRole('group', { name: 'Batch summary' });
  const progress = () => page.getByRole('progressbar', { name: 'Buying labels' });

  /** On the upload page: chooses `file` and presses Upload. */
  async function upload(file: ReturnType<typeof batchCsvFile>) {
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload' }).click();
  }

  /** Saves what `button` downloads and answers its bytes. */
  async function download(button: string): Promise<Buffer> {
    const file = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    return readFile(await (await file).path());
  }

  test('a CSV of five rows is previewed: prices for the good rows, the bad ones naming row and column', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    await page.getByRole('link', { name: 'Batch Labels' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Batch Labels' })).toBeVisible();
    await expect(page.getByText('Up to 500 rows and 1 MB')).toBeVisible();

    await upload(
      batchCsvFile([
        batchCsvRow({ toName: 'Row Two' }),
        batchCsvRow({ toName: 'Row Three' }),
        batchCsvRow({ toName: 'Row Four' }),
        batchCsvRow({ toName: 'Bad Zip', toZip: '1011' }),
        batchCsvRow({ toName: 'Bad Weight', weight: 'heavy' }),
      ]),
    );
    await expect(page).toHaveURL(/\/user-dashboard\/batch-labels\/[^/?]+$/);
    firstBatchPath = new URL(page.url()).pathname;
    // The sidebar keeps Batch Labels current on a batch's own page.
    await expect(page.getByRole('link', { name: 'Batch Labels' })).toHaveAttribute('aria-current', 'page');
    for (const n of [2, 3, 4]) await expect(tableRow(n)).toContainText('$6.00');
    await expect(tableRow(5)).toContainText('toZip: ');
    await expect(tableRow(5)).toContainText('invalid');
    await expect(tableRow(6)).toContainText('weight: ');
    await expect(summary()).toContainText('3 valid rows');
    await expect(summary()).toContainText('Total $18.00');
    await expect(summary()).toContainText('2 invalid');
  });

  test('the bad ZIP is fixed in place and the bad weight dropped', async () => {
    await page.getByRole('button', { name: 'Fix row 5' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fix row 5' });
    const zip = dialog.getByRole('textbox', { name: 'toZip', exact: true });
    await expect(zip).toHaveValue('1011');
    await zip.fill('10118');
    await dialog.getByRole('button', { name: 'Save row' }).click();
    await expect(dialog).toBeHidden();
    await expect(tableRow(5)).toContainText('$6.00');
    await expect(tableRow(5)).toContainText('ready');

    await page.getByRole('button', { name: 'Drop row 6' }).click();
    await expect(tableRow(6)).toContainText('dropped');
    await expect(summary()).toContainText('4 valid rows');
    await expect(summary()).toContainText('Total $24.00');
    await expect(summary()).toContainText('0 invalid');
  });

  test('a doubled click on Buy buys the four labels once; the progress bar reaches 4 of 4', async () => {
    test.setTimeout(60_000);
    await page.getByRole('button', { name: 'Buy 4 labels ($24.00)' }).dblclick();
    await expect(progress()).toHaveAttribute('aria-valuetext', '4 of 4', { timeout: 30_000 });
    await expect(progress()).toHaveAttribute('aria-valuenow', '4');
    const results = page.getByRole('group', { name: 'Batch results' });
    await expect(results).toContainText('4 bought, 0 failed');
    for (const n of [2, 3, 4, 5]) {
      await expect(tableRow(n)).toContainText('bought');
      await expect(tableRow(n)).toContainText(/94\d{20}/);
    }
    await expect(tableRow(6)).toContainText('dropped');
    // $25.00 - 4 x $6.00, once.
    await expect(balanceBadge(page)).toHaveText('Balance: $1.00');
    await page.screenshot({ path: 'test-results/batch-done-1280.png' });
  });

  test('the merged PDF has one page per label (two a page on letter), and the result CSV a line per row', async () => {
    const pdf = await download('Download labels (PDF)');
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(4);
    // The same four labels two to a letter page.
    const letter = await PDFDocument.load(await download('Download labels (letter)'));
    expect(letter.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([
      [612, 792],
      [612, 792],
    ]);

    const csv = (await download('Download results (CSV)')).toString('utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, ...lines] = csv.slice(1).trim().split('\r\n');
    expect(header).toBe('row,status,trackingNumber,price,error');
    const bought = lines.filter((l) => l.split(',')[1] === 'bought');
    expect(bought.map((l) => l.split(',')[0])).toEqual(['2', '3', '4', '5']);
    for (const line of bought) expect(line.split(',')[2]).toMatch(/^94\d{20}$/);
  });

  test('at 375 px the batch page scrolls only vertically', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('list', { name: 'Batch rows' })).toBeVisible();
    // Polled: the page lays itself out again for the narrow screen a moment after the resize.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/batch-done-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('a CSV with an unknown column is refused with the server message, and nothing is listed', async () => {
    await page.getByRole('link', { name: 'Upload another CSV' }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/batch-labels$/);
    await upload(batchCsvFile([batchCsvRow({ colour: 'red' })], [...batchCsvColumns, 'colour']));
    const alert = page.getByRole('alert').filter({ hasText: 'The CSV was not accepted' });
    await expect(alert).toContainText('colour');
    await expect(page).toHaveURL(/\/user-dashboard\/batch-labels$/);
    await expect(rows()).toHaveCount(0);
    await expect(balanceBadge(page)).toHaveText('Balance: $1.00');

    // Recent batches lists only the stored one (the refused file left nothing), and its link opens it.
    const recent = page.getByRole('table', { name: 'Your batches, newest first' });
    await expect(recent.getByRole('row')).toHaveCount(2);
    await expect(recent.getByRole('row').nth(1).getByRole('cell', { name: '5', exact: true })).toBeVisible();
    await expect(recent.getByRole('row').nth(1)).toContainText('done');
    await recent.getByRole('link', { name: /^Open batch of / }).click();
    await expect(page).toHaveURL(new RegExp(`${firstBatchPath}$`));
    await expect(page.getByRole('group', { name: 'Batch results' })).toContainText('4 bought, 0 failed');
    await page.goBack();
    await expect(page).toHaveURL(/\/user-dashboard\/batch-labels$/);
  });

  test('a saved address chosen as Sender fills a CSV without sender columns', async ({ request }) => {
    const saved = await request.post('/auth/addresses', {
      headers: { Authorization: `Bearer ${await sessionToken(page)}` },
      data: { name: 'Bea Home', street: '700 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    });
    expect(saved.status()).toBe(201);
    await page.reload();
    await page.getByRole('combobox', { name: 'Sender' }).selectOption({ label: 'Bea Home, 700 Congress Ave, Austin' });
    const recipientOnly = batchCsvColumns.filter((c) => !c.startsWith('from'));
    await upload(batchCsvFile([batchCsvRow({ toName: 'Sent From Home' })], recipientOnly));
    await expect(summary()).toContainText('1 valid row');
    await expect(tableRow(2)).toContainText('$6.00');
    // On a 375 px phone: the preview and the row's dialog scroll only vertically.
    await page.setViewportSize({ width: 375, height: 812 });
    // Polled: the page lays itself out again for the narrow screen a moment after the resize.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('button', { name: 'Edit row 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit row 2' });
    await expect(dialog.getByRole('textbox', { name: 'fromName', exact: true })).toHaveValue('Bea Home');
    await expect(dialog.getByRole('textbox', { name: 'fromZip', exact: true })).toHaveValue('78701');
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Upload another CSV' }).click();
  });

  test('with $1.00 left, a one-row batch pays its $5.00 shortfall by card and is bought on return', async () => {
    test.setTimeout(90_000);
    await upload(batchCsvFile([batchCsvRow({ toName: 'By Card' })]));
    await expect(summary()).toContainText('1 valid row');
    await page.getByRole('button', { name: 'Buy 1 label ($6.00)' }).click();
    await page.getByRole('button', { name: 'Pay $5.00 by card and buy' }).click();

    await expect(page).toHaveURL(/\/_local\/checkout\/[^/]+$/);
    await expect(page.getByText('$5.00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/batch-labels\/[^/?]+/);
    await expect(progress()).toHaveAttribute('aria-valuetext', '1 of 1', { timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'Batch results' })).toContainText('1 bought, 0 failed');
    await expect(tableRow(2)).toContainText(/94\d{20}/);
    // $1.00 + $5.00 by card - $6.00.
    await expect(balanceBadge(page)).toHaveText('Balance: $0.00');
  });

  test('paid by card: a cancelled checkout buys nothing and the batch can be bought again, then paid', async () => {
    test.setTimeout(90_000);
    await page.getByRole('link', { name: 'Upload another CSV' }).click();
    await upload(batchCsvFile([batchCsvRow({ toName: 'Whole By Card' })]));
    await page.getByRole('combobox', { name: 'Payment method' }).selectOption({ label: 'Card' });
    await page.getByRole('button', { name: 'Buy 1 label ($6.00)' }).click();
    await expect(page).toHaveURL(/\/_local\/checkout\/[^/]+$/);
    await expect(page.getByText('$6.00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/user-dashboard\/batch-labels\/[^/?]+/);
    await expect(page.getByText('Payment cancelled')).toBeVisible();
    await expect(tableRow(2)).toContainText('ready');
    await expect(page.getByRole('button', { name: 'Buy 1 label ($6.00)' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Payment method' }).selectOption({ label: 'Card' });
    await page.getByRole('button', { name: 'Buy 1 label ($6.00)' }).click();
    await expect(page).toHaveURL(/\/_local\/checkout\/[^/]+$/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/batch-labels\/[^/?]+/);
    await expect(progress()).toHaveAttribute('aria-valuetext', '1 of 1', { timeout: 30_000 });
    await expect(tableRow(2)).toContainText(/94\d{20}/);
    // The card paid the whole price: the wallet is where it was.
    await expect(balanceBadge(page)).toHaveText('Balance: $0.00');
    expect(consoleErrors.filter((e) => !expectedFailures.test(e))).toEqual([]);
  });
});

/**
 * The insights end to end, through the real handlers and DynamoDB Local: a new
 * shipper tops up $25 by card and buys two 2 lb USPS Priority labels at $6.00 (USPS retail $8.30
 * each), and then sees $4.60 saved this month and in total on Shipping Labels, with the chart by
 * month and its table; the wallet's balance-over-time chart ends at $13.00 today; on a 375 px phone
 * the charts fit the screen; the admin's dashboard shows labels and top-ups per day for 30 days,
 * today's figures in their tables. The tests run in order on one page.
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { buyLabelWithCredits, collectConsoleErrors, signIn, signOut, signUp, topUpByCard, type E2eAddress, unique } from './helpers';

const person = { name: 'Ivy Insights', email: `ivy-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from: E2eAddress = { name: 'Ivy Insights', street: '1 Dr Carlton B Goodlett Pl', city: 'San Francisco', state: 'CA', zip: '94102', country: 'US' };
const to: E2eAddress = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

/** Today's month and day as the tables name them (the server counts US Eastern months and days; the admin's days are UTC). */
const eastern = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', ...options }).format(new Date());
const thisMonth = `${eastern({ month: 'short' })} ${eastern({ year: 'numeric' })}`;
const todayEastern = `${eastern({ month: 'short' })} ${Number(eastern({ day: 'numeric' }))}, ${eastern({ year: 'numeric' })}`;
const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options }).format(new Date());
const todayUtc = `${utc({ month: 'short' })} ${Number(utc({ day: 'numeric' }))}, ${utc({ year: 'numeric' })}`;

/** The figure of the Stat labelled `label` inside `scope`. */
const stat = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope
    .locator('dl')
    .filter({ has: scope.page().locator('dt', { hasText: label }) })
    .locator('dd')
    .first();

/** A chart: its image (the canvas inside it, drawn) and its table after "Show as table". */
async function openChartTable(page: Page, title: string) {
  const figure = page.getByRole('figure', { name: title });
  await expect(figure.getByRole('img', { name: new RegExp(`^${title} \\(chart`) })).toBeVisible();
  await expect(figure.locator('canvas').first()).toBeVisible();
  await figure.getByRole('button', { name: 'Show as table' }).click();
  await expect(figure.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
  return figure;
}

test.describe.serial('insights', () => {
  let page: Page;
  let consoleErrors: string[] = [];

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('a shipper who bought two $6.00 labels sees $4.60 saved against USPS retail, by month', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    await buyLabelWithCredits(page, request, from, to);
    await buyLabelWithCredits(page, request, from, to);

    await page.getByRole('link', { name: 'Shipping Labels' }).click();
    const savings = page.getByRole('region', { name: 'Savings' });
    await expect(stat(savings, 'Saved this month')).toHaveText('$4.60');
    await expect(stat(savings, 'Saved in total')).toHaveText('$4.60');
    await expect(savings).toContainText('2 labels, $16.60 at USPS retail');

    const chart = await openChartTable(page, 'Saved by month');
    const table = chart.getByRole('table', { name: 'Saved by month' });
    await expect(table.getByRole('row')).toHaveCount(13); // the header and 12 months
    await expect(table.getByRole('row', { name: `${thisMonth} $4.60` })).toBeVisible();
    await page.screenshot({ path: 'test-results/insights-savings-1280.png', fullPage: true });
  });

  test('the wallet draws the balance over 90 days, today at $13.00', async () => {
    // The labels were bought through the API, behind the open page's back (no purchase in this page
    // told its cache); a fresh load reads everything as a person coming back to the wallet would.
    await page.goto('/user-dashboard/transactions');
    await expect(page.getByRole('region', { name: 'Balance over time' })).toBeVisible();
    const chart = await openChartTable(page, 'Balance at the end of each day');
    const table = chart.getByRole('table', { name: 'Balance at the end of each day' });
    await expect(table.getByRole('row')).toHaveCount(91);
    await expect(table.getByRole('row').last()).toHaveText(`${todayEastern}$13.00`);
    await expect(table.getByRole('row').nth(1)).toHaveText(/\$0\.00$/);
  });

  test('on a 375 px phone the charts fit the screen and their figures read as cards', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/user-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping Labels' })).toBeVisible();
    const figure = page.getByRole('figure', { name: 'Saved by month' });
    await expect(figure.locator('canvas').first()).toBeVisible();
    const box = await figure.locator('canvas').first().boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await figure.getByRole('button', { name: 'Show as table' }).click();
    await expect(figure.getByText(thisMonth, { exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/insights-savings-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signOut(page);
  });

  test('the admin sees labels and top-ups per day for 30 days, today included', async ({ request }) => {
    test.setTimeout(60_000);
    await signIn(page, request, e2eAdmin);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByRole('region', { name: 'Last 30 days' })).toBeVisible();

    const labels = await openChartTable(page, 'Labels per day');
    const labelRows = labels.getByRole('table', { name: 'Labels per day' }).getByRole('row');
    await expect(labelRows).toHaveCount(31);
    await expect(labelRows.last()).toContainText(todayUtc);
    expect(Number((await labelRows.last().getByRole('cell').last().textContent()) ?? 0)).toBeGreaterThanOrEqual(2);

    const topUps = await openChartTable(page, 'Top-ups per day');
    const topUpRows = topUps.getByRole('table', { name: 'Top-ups per day' }).getByRole('row');
    await expect(topUpRows).toHaveCount(31);
    await expect(topUpRows.last()).toContainText(todayUtc);
    expect(Number(((await topUpRows.last().getByRole('cell').last().textContent()) ?? '').replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(25);
    await page.screenshot({ path: 'test-results/insights-admin-1280.png', fullPage: true });
    expect(consoleErrors).toEqual([]);
  });
});

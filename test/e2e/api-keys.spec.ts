/**
 * API keys end to end, through the real handlers and DynamoDB Local: a new person creates a key on
 * API Keys, sees it once (with Copy), uses it from outside the browser (Playwright's `request`, as a
 * shop's script would) to list orders, revokes it with a confirmation, and the same request then
 * answers 401. The tests run in order on one page, as one person would.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, signUp, unique } from './helpers';

const person = { name: 'Kai Keys', email: `kai-${unique()}@example.com`, password: 'E2e-User-Pass1!' };

test.describe.serial('API keys', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  let key = '';

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page.close();
  });

  const table = () => page.getByRole('table', { name: 'API Keys' });

  test('creates a read key and sees it once, with Copy', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, person);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'API Keys', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
    await expect(page.getByText(/No API keys yet/)).toBeVisible();

    // Without a scope the form says so, as the server would.
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Shop sync');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('Choose at least one scope')).toBeVisible();

    await page.getByText(/^Read: /).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-api-key');
    await expect(shown).toContainText('it is not shown again');
    await expect(shown.getByRole('button', { name: 'Copy the API key' })).toBeVisible();
    key = (await shown.getByLabel('New API key').textContent()) ?? '';
    expect(key).toMatch(/^psk_test_[A-Za-z0-9_-]{43}$/);

    const row = table().getByRole('row', { name: /Shop sync/ });
    await expect(row).toContainText(`${key.slice(0, 13)}…`);
    await expect(row).toContainText('read');
    await expect(row).toContainText('Never');

    // Once: the page after a reload lists the key but no longer shows it.
    await page.reload();
    await expect(table().getByRole('row', { name: /Shop sync/ })).toBeVisible();
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);
    await expect(page.getByText(key)).toHaveCount(0);
  });

  test('the key lists orders from outside the browser, and may not buy', async ({ request }) => {
    const orders = await request.get('/shipping/orders', { headers: { authorization: `Bearer ${key}` } });
    expect(orders.status()).toBe(200);
    expect(await orders.json()).toMatchObject({ orders: [], totalOrders: 0 });

    const buy = await request.post('/shipping/create-label', { headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'e2e-1' }, data: {} });
    expect(buy.status()).toBe(403);
    expect(await buy.json()).toEqual({ message: 'This API key lacks the labels scope' });

    // Its use shows in the list.
    await page.reload();
    await expect(table().getByRole('row', { name: /Shop sync/ })).not.toContainText('Never');
  });

  test('revoked after a confirmation, the key answers 401 at once', async ({ request }) => {
    await table().getByRole('button', { name: 'Revoke Shop sync' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
    await expect(confirm).toContainText('stops working at once');
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(page.getByText('API key revoked')).toBeVisible();
    await expect(table().getByRole('row', { name: /Shop sync/ })).toContainText('Revoked');

    const orders = await request.get('/shipping/orders', { headers: { authorization: `Bearer ${key}` } });
    expect(orders.status()).toBe(401);
    expect(await orders.json()).toEqual({ message: 'This API key is not valid or has been revoked' });
    expect(consoleErrors).toEqual([]);
  });
});

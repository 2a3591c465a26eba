/**
 * The wallet end to end, through the real handlers, DynamoDB Local and the local sandbox checkout
 * (`/_local/checkout/<id>`), which delivers the provider's signed event to the real webhook before
 * sending the browser back: a card top-up paid, a crypto top-up cancelled, and the admin's view.
 * The tests run in order on one page, as one person would.
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { collectConsoleErrors, signIn, signOut, signUp, unique } from './helpers';

const person = { name: 'Wally Wallet', email: `wally-${unique()}@example.com`, password: 'E2e-User-Pass1!' };

test.describe.serial('wallet', () => {
  let page: Page;
  let consoleErrors: string[] = [];

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page.close();
  });

  const balanceBadge = () => page.getByText(/^Balance: /);
  const transactions = () => page.getByRole('table', { name: 'Recent Transactions' });

  /** Opens Add Balance, picks `creditType`, types `amount` and presses Deposit. */
  async function deposit(creditType: string, amount: string) {
    await page.getByRole('button', { name: 'Add Balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Balance' });
    await dialog.getByRole('combobox', { name: 'Credit type' }).selectOption(creditType);
    await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount);
    await dialog.getByRole('button', { name: 'Deposit' }).click();
  }

  test('a new account opens an empty wallet with a $0.00 balance', async ({ request }) => {
    test.setTimeout(60_000);
    await signUp(page, request, person);
    await page.getByRole('link', { name: 'Account Wallet' }).click();

    await expect(page).toHaveURL(/\/user-dashboard\/transactions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Wallet' })).toBeVisible();
    await expect(balanceBadge()).toHaveText('Balance: $0.00');
    await expect(transactions()).toContainText('No transactions yet');
  });

  test('the Add Balance dialog opens on its first field and refuses a bad amount', async () => {
    await page.getByRole('button', { name: 'Add Balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Balance' });
    await expect(dialog.getByRole('combobox', { name: 'Credit type' })).toBeFocused();

    await dialog.getByRole('textbox', { name: 'Amount' }).fill('0.5');
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await expect(dialog.getByText('Please enter a valid amount.')).toBeVisible();
    await expect(page).toHaveURL(/\/user-dashboard\/transactions$/);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Balance' })).toBeFocused();
  });

  test('a $25 card top-up goes through the checkout page and credits the wallet once paid', async () => {
    await deposit('Card', '25');

    await expect(page).toHaveURL(/\/_local\/checkout\/[^/]+$/);
    await expect(page.getByText('$25.00')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/user-dashboard\/transactions(\?checkout=success)?$/);
    await expect(page.getByText('Payment received')).toBeVisible();
    await expect(balanceBadge()).toHaveText('Balance: $25.00');
    const row = transactions().getByRole('row').filter({ hasText: '$25.00' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Top-up');
    await expect(row).toContainText('Card');
    await expect(row).toContainText('completed');
    // The query goes once the entry is settled, so a reload does not repeat the notice.
    await expect(page).toHaveURL(/\/user-dashboard\/transactions$/);
  });

  test('a cancelled crypto top-up shows as cancelled and leaves the balance alone', async () => {
    await deposit('Crypto', '10');

    await expect(page).toHaveURL(/\/_local\/checkout\/[^/]+$/);
    await expect(page.getByText('$10.00')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/user-dashboard\/transactions(\?checkout=cancelled)?$/);
    await expect(page.getByText('Payment cancelled')).toBeVisible();
    const row = transactions().getByRole('row').filter({ hasText: '$10.00' });
    await expect(row).toContainText('Crypto');
    await expect(row).toContainText('cancelled');
    await expect(balanceBadge()).toHaveText('Balance: $25.00');
    await expect(page).toHaveURL(/\/user-dashboard\/transactions$/);
    // Newest first: the cancelled top-up, then the paid one.
    await expect(transactions().getByRole('row').nth(1)).toContainText('$10.00');
    await expect(transactions().getByRole('row').nth(2)).toContainText('$25.00');
  });

  test("the admin sees both top-ups with the person's name and email", async ({ request }) => {
    test.setTimeout(60_000);
    await signOut(page);

    await signIn(page, request, e2eAdmin);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.getByRole('link', { name: 'Transactions' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\/transactions$/);

    const rows = page.getByRole('table', { name: 'All top-up transactions' }).getByRole('row').filter({ hasText: person.email });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: '$25.00' })).toContainText('Card');
    await expect(rows.filter({ hasText: '$10.00' })).toContainText('Crypto');
    await expect(rows.first()).toContainText(person.name);
    expect(consoleErrors).toEqual([]);
  });
});

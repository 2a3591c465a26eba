/**
 * Withdrawals and adjustments end to end, through the real handlers, DynamoDB Local and the local
 * sandbox checkout (whose card refunds are records, like Stripe's): Sam tops up $30 by card and
 * asks for $12 back (balance, on hold and available move; a second request in the month is
 * refused), Rita tops up $20 and asks for $8; the admin approves Sam's (a card refund, paid) and
 * rejects Rita's (her hold goes back), then credits Sam $2.50 with a reason and is refused a debit
 * above what Sam has available; Sam and Rita each see the outcome in their wallet. The tests run
 * in order on one page, as the three people would.
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { balanceBadge, collectConsoleErrors, mailsTo, signIn, signOut, signUp, topUpByCard, unique } from './helpers';

const stamp = unique();
const sam = { name: 'Sam Withdraw', email: `sam-${stamp}@example.com`, password: 'E2e-User-Pass1!' };
const rita = { name: 'Rita Refused', email: `rita-${stamp}@example.com`, password: 'E2e-User-Pass1!' };
const rejection = 'Please use the credit on labels first';
const credit = 'Goodwill credit for a late parcel';

test.describe.serial('withdrawals and adjustments', () => {
  let page: Page;
  let consoleErrors: string[] = [];

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page.close();
  });

  /** A figure card of the wallet page ('Total balance', 'On hold', 'Available'), by its label. */
  const card = (label: string) =>
    page
      .locator('dl')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd')
      .first();

  async function expectWallet(balance: string, onHold: string, available: string) {
    await expect(card('Total balance')).toHaveText(balance);
    await expect(card('On hold')).toHaveText(onHold);
    await expect(card('Available')).toHaveText(available);
  }

  const requests = () => page.getByRole('table', { name: 'Withdrawal requests' });
  const transactions = () => page.getByRole('table', { name: 'Recent Transactions' });

  /** Opens Withdraw balance, which offers up to `available`, types `amount` and presses Request withdrawal; answers the dialog. */
  async function askToWithdraw(amount: string, available: string) {
    await page.getByRole('button', { name: 'Withdraw balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw balance' });
    await expect(dialog.getByText(`Up to ${available} (your available balance).`)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount);
    await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
    return dialog;
  }

  test('Sam tops up $30 by card and sees it all available, nothing on hold', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, sam);
    await topUpByCard(page, '30', '$30.00');

    await expectWallet('$30.00', '$0.00', '$30.00');
    // No request yet: no table of them.
    await expect(requests()).toHaveCount(0);
  });

  test('Sam asks for $12 back: it goes on hold, the balance stays, the available part drops, and the request is pending', async () => {
    const dialog = await askToWithdraw('12', '$30.00');

    await expect(dialog).toBeHidden();
    await expect(page.getByText('$12.00 is on hold until we pay it back.')).toBeVisible();
    await expectWallet('$30.00', '$12.00', '$18.00');
    // The header says what can be spent, and what is held.
    await expect(balanceBadge(page)).toHaveText('Balance: $18.00');
    await expect(page.getByRole('group', { name: 'Balance: $18.00 available, $12.00 held' })).toBeVisible();
    const row = requests().getByRole('row').filter({ hasText: '$12.00' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('pending');
    const entry = transactions().getByRole('row').filter({ hasText: 'Withdrawal' });
    await expect(entry).toContainText('-$12.00');
    await expect(entry).toContainText('pending');
  });

  test('a second request in the same 30 days is refused with the date of the next turn, and nothing moves', async () => {
    const dialog = await askToWithdraw('5', '$18.00');

    await expect(page.getByText('Withdrawal not requested')).toBeVisible();
    const refusal = page.getByText(/^You can ask for one withdrawal every 30 days\. Your next request can be made on \d{4}-\d{2}-\d{2}\.$/);
    await expect(refusal).toBeVisible();
    // The day 30 days after the first request (a few seconds ago: today's date plus 30, or the next one past midnight).
    const nextTurn = /(\d{4}-\d{2}-\d{2})\.$/.exec((await refusal.textContent()) ?? '')?.[1] ?? '';
    const daysAway = (Date.parse(nextTurn) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
    expect([30, 31]).toContain(daysAway);
    // The dialog stays open with what was typed, so the person can read the reason and close it.
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectWallet('$30.00', '$12.00', '$18.00');
    await expect(requests().getByRole('row').filter({ hasText: 'pending' })).toHaveCount(1);
    await signOut(page);
  });

  test('Rita tops up $20 and asks for $8 back', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, rita);
    await topUpByCard(page, '20', '$20.00');

    await askToWithdraw('8', '$20.00');

    await expectWallet('$20.00', '$8.00', '$12.00');
    await expect(requests().getByRole('row').filter({ hasText: '$8.00' })).toContainText('pending');
    await signOut(page);
  });

  /** The admin withdrawals table's row of `email`'s request. */
  const requestRow = (email: string) =>
    page
      .getByRole('table', { name: /withdrawal requests$/ })
      .getByRole('row')
      .filter({ hasText: email });

  test("the admin approves Sam's request: refunded to the card, shown as approved", async ({ request }) => {
    test.setTimeout(60_000);
    await signIn(page, request, e2eAdmin);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.getByRole('link', { name: 'Withdrawals' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
    await expect(requestRow(sam.email)).toContainText('$12.00');
    await expect(requestRow(sam.email)).toContainText('pending');
    await expect(requestRow(rita.email)).toContainText('$8.00');

    await requestRow(sam.email).getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve withdrawal' });
    await expect(dialog).toContainText(`$12.00 for ${sam.name} (${sam.email}).`);
    await dialog.getByRole('button', { name: 'Approve and pay back' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText(`$12.00 for ${sam.email}.`)).toBeVisible();
    // Decided: it leaves the pending list.
    await expect(requestRow(sam.email)).toHaveCount(0);
    await page.getByRole('button', { name: 'All requests' }).click();
    await expect(page.getByRole('table', { name: 'All withdrawal requests' })).toBeVisible();
    await expect(requestRow(sam.email)).toContainText('approved');
    await expect(requestRow(sam.email)).toContainText('$12.00 card refund');
    await expect(requestRow(sam.email)).not.toContainText('to do');
    await expect(requestRow(sam.email).getByRole('button')).toHaveCount(0);
  });

  test("the admin rejects Rita's request with a reason", async () => {
    await expect(requestRow(rita.email)).toContainText('pending');
    await requestRow(rita.email).getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject withdrawal' });
    // No reason: refused by the form, nothing sent.
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Reason is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill(rejection);
    await dialog.getByRole('button', { name: 'Reject' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText(`$8.00 for ${rita.email}.`)).toBeVisible();
    await expect(requestRow(rita.email)).toContainText('rejected');
    await expect(requestRow(rita.email)).toContainText(rejection);
  });

  /** The admin users table's row of `email`. */
  const userRow = (email: string) => page.getByRole('table', { name: 'All users' }).getByRole('row').filter({ hasText: email });

  /** Opens Adjust on `email`'s row, fills it and presses Adjust balance; answers the dialog. */
  async function adjust(email: string, name: string, direction: 'Credit (add)' | 'Debit (take)', amount: string, reason: string) {
    await userRow(email)
      .getByRole('button', { name: `Adjust balance of ${email}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Adjust balance of ${name}` });
    await dialog.getByRole('combobox', { name: 'Direction' }).selectOption({ label: direction });
    await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount);
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill(reason);
    await dialog.getByRole('button', { name: 'Adjust balance' }).click();
    return dialog;
  }

  test('the admin credits Sam $2.50 with a reason from the users page', async () => {
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    // The approval took the $12 out of Sam's wallet; Rita's $8 is back.
    await expect(userRow(sam.email)).toContainText('$18.00');
    await expect(userRow(rita.email)).toContainText('$20.00');

    const dialog = await adjust(sam.email, sam.name, 'Credit (add)', '2.50', credit);

    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${sam.email} now has $20.50.`)).toBeVisible();
    await expect(userRow(sam.email)).toContainText('$20.50');
  });

  test("a debit above Sam's available balance is refused with the reason, and nothing changes", async () => {
    const dialog = await adjust(sam.email, sam.name, 'Debit (take)', '50', 'Chargeback on a top-up');

    await expect(page.getByText('Adjustment failed')).toBeVisible();
    await expect(page.getByText('A debit of $50.00 would take the balance below zero: $20.50 is available.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(userRow(sam.email)).toContainText('$20.50');
    await signOut(page);
  });

  test('Sam sees the withdrawal paid to the card and the credit with its reason', async ({ request }) => {
    test.setTimeout(60_000);
    await signIn(page, request, sam);
    await page.getByRole('link', { name: 'Account Wallet' }).click();

    await expectWallet('$20.50', '$0.00', '$20.50');
    const asked = requests().getByRole('row').filter({ hasText: '$12.00' });
    await expect(asked).toContainText('approved');
    await expect(asked).toContainText('$12.00 to your card');
    const adjustment = transactions().getByRole('row').filter({ hasText: 'Adjustment' });
    await expect(adjustment).toContainText('$2.50');
    await expect(adjustment).toContainText(credit);
    await expect(transactions().getByRole('row').filter({ hasText: 'Withdrawal' })).toContainText('completed');
    const approval = (await mailsTo(request, sam.email)).find((m) => m.subject === 'Your withdrawal was approved');
    expect(approval?.text).toContain('$12.00 was refunded to your card');
    await signOut(page);
  });

  test('Rita sees her request rejected with the reason and the $8 available again', async ({ request }) => {
    test.setTimeout(60_000);
    await signIn(page, request, rita);
    await page.getByRole('link', { name: 'Account Wallet' }).click();

    await expectWallet('$20.00', '$0.00', '$20.00');
    const asked = requests().getByRole('row').filter({ hasText: '$8.00' });
    await expect(asked).toContainText('rejected');
    await expect(asked).toContainText(rejection);
    const entry = transactions().getByRole('row').filter({ hasText: 'Withdrawal' });
    await expect(entry).toContainText('failed');
    await expect(entry).toContainText(rejection);
    // Chromium logs each 4xx answer; the two 409s are the refusals this spec provoked (second request, debit).
    const refused = 'Failed to load resource: the server responded with a status of 409 (Conflict)';
    expect(consoleErrors).toEqual([refused, refused]);
  });
});

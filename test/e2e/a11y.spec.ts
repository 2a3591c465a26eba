/**
 * Accessibility: every page passes axe-core's WCAG 2.0/2.1 A and AA rules at a phone's 375 px and
 * a desktop's 1280 px, with its error states showing (empty or bad forms submitted, a list that
 * failed to load, a wrong code), its dialogs open and its tables holding data. Then a keyboard-only
 * walk: sign in, open Create Label, fill it, buy with credits and download the PDF, with a visible
 * focus ring at every step and focus where a person expects it around the dialog.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import {
  batchCsvColumns,
  batchCsvFile,
  batchCsvRow,
  buyLabelWithCredits,
  mailsTo,
  nextCode,
  sessionToken,
  signIn,
  signOut,
  signUp,
  waitForCaptcha,
  type E2eAddress,
  unique,
} from './helpers';
import { useLaptopPage } from './own-front';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const widths = [375, 1280];

const person = { name: 'Ada Access', email: `ada-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const home: E2eAddress = { name: 'Austin Office', street: '700 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
const recipient: E2eAddress = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', country: 'US' };

/**
 * Runs axe on the page as it stands, at each width in turn (`prepare` runs after every resize, for
 * states a resize could undo), and records every violation with the elements it names. Soft, so one
 * run lists every page's findings.
 */
async function expectNoViolations(page: Page, what: string, prepare?: () => Promise<void>) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    if (prepare) await prepare();
    // axe reads colours as painted: let running transitions end first (a button that stops loading
    // fades from half to full opacity, and read mid-way it is a lighter blue than the button's own).
    // Endless animations (spinners, skeletons) are left running.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
    const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    const findings = violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n      ${v.nodes.map((n) => `${n.target.join(' ')}  ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')).join('\n      ')}`,
    );
    expect.soft(findings, `axe violations on ${what} at ${width} px`).toEqual([]);
  }
}

/** Presses a form's submit button with nothing filled in and waits for its first red error text. */
async function submitEmpty(page: Page, button: string | RegExp, scope = page.locator('body')) {
  await scope.getByRole('button', { name: button }).click();
  await expect(scope.locator('[data-part="error-text"]').first()).toBeVisible();
}

/** Credits `email`'s wallet with `cents` through the admin API, signed in as the admin on `admin`. */
async function creditWallet(admin: Page, request: APIRequestContext, email: string, cents: number) {
  const token = await sessionToken(admin);
  let cursor: string | null = null;
  let id = '';
  do {
    const query: string = `/auth/users?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await request.get(query, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    const page = (await answer.json()) as {
      users: { id: string; email: string }[];
      nextCursor: string | null;
    };
    id = page.users.find((u) => u.email === email)?.id ?? '';
    cursor = page.nextCursor;
  } while (!id && cursor);
  expect(id).not.toBe('');
  const answer = await request.post(`/admin/users/${id}/adjustments`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `a11y-${Date.now()}` },
    data: { amountCents: cents, reason: 'Credit for the accessibility walk' },
  });
  expect(answer.ok()).toBe(true);
}

test.describe.serial('axe finds no WCAG 2.1 AA violation', () => {
  let page: Page;

  useLaptopPage((p) => (page = p));

  /** A link of the dashboard's sidebar (at 375 px the sidebar is a drawer: go by address instead). */
  const open = async (path: string, heading: string | RegExp) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The page's data has arrived (axe would otherwise read the loading skeletons, however slow the API is).
    await page.waitForLoadState('networkidle');
  };

  test('public pages, their forms submitted empty', async () => {
    test.setTimeout(90_000);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'the landing page');

    await open('/login', 'Sign In');
    await submitEmpty(page, 'Sign In');
    await expectNoViolations(page, 'sign in with errors');

    await open('/signup', 'Create Account');
    await submitEmpty(page, 'Create Account');
    await expectNoViolations(page, 'sign up with errors');

    await open('/forgot-password', 'Forgot Password');
    await submitEmpty(page, 'Send Reset Link');
    await expectNoViolations(page, 'forgot password with errors');

    await open('/reset-password', 'Reset Password');
    await expectNoViolations(page, 'reset password without a token');
    await open('/reset-password?token=not-a-real-token', 'Reset Password');
    await submitEmpty(page, 'Reset Password');
    await expectNoViolations(page, 'reset password with errors');

    await open('/unsubscribe?token=not-a-real-token', 'Unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('This unsubscribe link is not valid')).toBeVisible();
    await expectNoViolations(page, 'unsubscribe with a link that is not valid');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoViolations(page, 'the 404 page');

    await page.goto('/docs/api');
    await expect(page.getByRole('heading', { name: 'PrepaidShip API' })).toBeVisible({ timeout: 20_000 });
    await expectNoViolations(page, 'the API reference');
  });

  test('the code page with a wrong code, then the new account', async ({ request }) => {
    test.setTimeout(90_000);
    await open('/signup', 'Create Account');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(person.name);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/otp-verification$/);
    const code = page.getByRole('textbox', { name: 'Verification code', exact: true });
    await code.fill('ZZZZZZ');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('OTP verification failed')).toBeVisible();
    await expectNoViolations(page, 'the code page after a wrong code');

    await code.fill(await nextCode(request, person.email, 0));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/user-dashboard$/);
  });

  test('wallet, Add Balance with errors, the sandbox checkout', async () => {
    test.setTimeout(60_000);
    await open('/user-dashboard/transactions', 'Account Wallet');
    await expectNoViolations(page, 'the empty wallet');
    await page.getByRole('button', { name: 'Add Balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Balance' });
    await submitEmpty(page, 'Deposit', dialog);
    await expectNoViolations(page, 'Add Balance with errors');

    await dialog.getByRole('combobox', { name: 'Credit type' }).selectOption('Card');
    await dialog.getByRole('textbox', { name: 'Amount' }).fill('25');
    await dialog.getByRole('button', { name: 'Deposit' }).click();
    await expect(page).toHaveURL(/\/_local\/checkout\/[^/]+$/);
    await expectNoViolations(page, 'the sandbox checkout');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/user-dashboard\/transactions/);
    await expect(page.getByText(/^Balance: /)).toHaveText('Balance: $25.00');
    await expectNoViolations(page, 'the wallet with a top-up');
    await page.getByRole('button', { name: 'Withdraw balance' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw balance' });
    await submitEmpty(page, 'Request withdrawal', withdraw);
    await expectNoViolations(page, 'Withdraw balance with errors');
    // A pending request, so the wallet lists it and the admin's withdrawals page has one to decide.
    await withdraw.getByRole('textbox', { name: 'Amount' }).fill('5');
    await withdraw.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(withdraw).toBeHidden();
    await expect(page.getByRole('table', { name: /withdrawal/i }).first()).toBeVisible();
    await expectNoViolations(page, 'the wallet with a withdrawal request');
  });

  let tracking = '';

  test('labels with a label, Create Label with errors, a list that failed to load', async ({ request }) => {
    test.setTimeout(60_000);
    tracking = await buyLabelWithCredits(page, request, home, recipient);
    await open('/user-dashboard', 'Shipping Labels');
    await expect(page.getByText(tracking).first()).toBeVisible();
    await expectNoViolations(page, 'the labels page with a label');

    await page.getByRole('button', { name: 'Create Label' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Label' });
    await submitEmpty(page, /^Create Order/, dialog);
    await expectNoViolations(page, 'Create Label with errors');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.route('**/shipping/orders**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }));
    await page.reload();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectNoViolations(page, 'the labels page whose list failed to load');
    await page.unroute('**/shipping/orders**');
  });

  test('Batch Labels: the upload page with a refused CSV, a preview with an invalid row and its Fix dialog', async () => {
    test.setTimeout(60_000);
    await open('/user-dashboard/batch-labels', 'Batch Labels');
    await expectNoViolations(page, 'the batch upload page');
    await page.getByLabel('CSV file').setInputFiles(batchCsvFile([batchCsvRow({ colour: 'red' })], [...batchCsvColumns, 'colour']));
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('The CSV was not accepted')).toBeVisible();
    await expectNoViolations(page, 'the batch upload page with a refused CSV');

    await page.getByLabel('CSV file').setInputFiles(batchCsvFile([batchCsvRow(), batchCsvRow({ toZip: '1011' })]));
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByRole('group', { name: 'Batch summary' })).toContainText('1 invalid');
    await expectNoViolations(page, 'a batch preview with an invalid row');
    await page.getByRole('button', { name: 'Fix row 3' }).click();
    await expect(page.getByRole('dialog', { name: 'Fix row 3' })).toBeVisible();
    await expectNoViolations(page, 'the Fix row dialog with its error');
    await page.keyboard.press('Escape');
  });

  test('tracking with a result and with a bad number', async () => {
    await open(`/user-dashboard/tracking?number=${tracking}`, 'Track Package');
    await expect(page.getByRole('region', { name: 'Tracking result' })).toBeVisible();
    await expectNoViolations(page, 'tracking with a result');
    await page.getByRole('textbox', { name: 'Tracking number' }).fill('');
    await submitEmpty(page, 'Track Package');
    await expectNoViolations(page, 'tracking with an error');
  });

  test('addresses with errors, an address and its delete dialog', async () => {
    await open('/user-dashboard/address-management', 'Manage Addresses');
    await submitEmpty(page, 'Add Address');
    await expectNoViolations(page, 'addresses with errors');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(home.name);
    await page.getByRole('textbox', { name: 'Street', exact: true }).fill(home.street);
    await page.getByRole('textbox', { name: 'ZIP', exact: true }).pressSequentially(home.zip);
    await expect(page.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Austin');
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText('Address saved')).toBeVisible();
    await expectNoViolations(page, 'addresses with one saved');
    await page
      .getByRole('button', { name: `Delete ${home.name}` })
      .first()
      .click();
    await expect(page.getByRole('alertdialog', { name: 'Delete this address?' })).toBeVisible();
    await expectNoViolations(page, 'the delete-address dialog');
    await page.keyboard.press('Escape');
  });

  test('saved packages with errors, a package and its delete dialog', async () => {
    await open('/user-dashboard/packages', 'Saved Packages');
    await submitEmpty(page, 'Add Package');
    await expectNoViolations(page, 'packages with errors');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Small box');
    for (const [name, value] of [
      ['Weight (lbs)', '2'],
      ['Length (in)', '10'],
      ['Width (in)', '6'],
      ['Height (in)', '4'],
    ])
      await page.getByRole('spinbutton', { name }).fill(value!);
    await page.getByRole('button', { name: 'Add Package' }).click();
    await expect(page.getByText('Package saved')).toBeVisible();
    await expectNoViolations(page, 'packages with one saved');
    await page.getByRole('button', { name: 'Delete Small box' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete this package?' })).toBeVisible();
    await expectNoViolations(page, 'the delete-package dialog');
    await page.keyboard.press('Escape');
  });

  test('API keys with errors, a key shown once and its revoke dialog', async () => {
    await open('/user-dashboard/api-keys', 'API Keys');
    await submitEmpty(page, 'Create key');
    await expectNoViolations(page, 'API keys with errors');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Shop sync');
    await page.getByText(/^Read: /).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByTestId('new-api-key')).toBeVisible();
    await expectNoViolations(page, 'API keys with a new key shown');
    await page.getByRole('button', { name: 'Revoke Shop sync' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Revoke this API key?' })).toBeVisible();
    await expectNoViolations(page, 'the revoke-key dialog');
    await page.keyboard.press('Escape');
  });

  test('webhooks with errors, an endpoint with its secret shown once and its delete dialog', async () => {
    await open('/user-dashboard/webhooks', 'Webhooks');
    await submitEmpty(page, 'Add Endpoint');
    await expectNoViolations(page, 'webhooks with errors');
    // A loopback receiver nobody listens on: allowed locally, and the endpoint is deleted below.
    const url = 'http://127.0.0.1:9/hooks';
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await page.getByText('A batch finished buying its rows').click();
    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    await expect(page.getByTestId('webhook-secret')).toBeVisible();
    await expectNoViolations(page, 'webhooks with a new secret shown');
    await page.getByRole('button', { name: 'Deliveries' }).click();
    await expectNoViolations(page, 'an endpoint with its delivery log open');
    await page.getByRole('button', { name: `Delete ${url}` }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete this endpoint?' })).toBeVisible();
    await expectNoViolations(page, 'the delete-endpoint dialog');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Webhook endpoint deleted')).toBeVisible();
  });

  test('team with errors, an invitation and its withdraw dialog', async () => {
    await open('/user-dashboard/team', 'Team');
    await submitEmpty(page, 'Send invitation');
    await expectNoViolations(page, 'team with errors');
    const email = `a11y-invitee-${Date.now()}@example.com`;
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('combobox', { name: 'Role' }).selectOption('viewer');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await expectNoViolations(page, 'team with an invitation');
    await page.getByRole('button', { name: `Delete ${email}` }).click();
    await expect(page.getByRole('alertdialog', { name: 'Withdraw this invitation?' })).toBeVisible();
    await expectNoViolations(page, 'the withdraw-invitation dialog');
    await page.keyboard.press('Escape');
  });

  test('profile, FAQ and support with their errors', async () => {
    await open('/user-dashboard/profile-edit', 'Profile');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await submitEmpty(page, 'Save Changes');
    await expectNoViolations(page, 'profile with errors');

    await open('/user-dashboard/faq', /FAQ|Frequently/);
    await page.getByRole('button', { name: 'Can I withdraw credits I have not used?' }).click();
    await expectNoViolations(page, 'the FAQ with an answer open');

    await open('/user-dashboard/support', /Support/);
    await submitEmpty(page, 'Send Message');
    await expectNoViolations(page, 'support with errors');
    await signOut(page);
  });

  test('every admin page', async ({ request }) => {
    test.setTimeout(150_000);
    await signIn(page, request, e2eAdmin);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Figures' })).toBeVisible();
    await expectNoViolations(page, 'the admin dashboard');

    await open('/admin-dashboard/users', 'Users');
    await page
      .getByRole('button', { name: `Adjust balance of ${person.email}` })
      .first()
      .click();
    const adjust = page.getByRole('dialog', { name: `Adjust balance of ${person.name}` });
    await submitEmpty(page, 'Adjust balance', adjust);
    await expectNoViolations(page, 'admin users with the Adjust dialog in error');
    // Over $100 it waits for a second admin: the Approvals page then lists a request and the Audit page its record.
    // At 375 px the table became cards, closing the dialog with its row: open it again.
    await page
      .getByRole('button', { name: `Adjust balance of ${person.email}` })
      .first()
      .click();
    await adjust.getByRole('textbox', { name: 'Amount' }).fill('150');
    await adjust.getByRole('textbox', { name: /^Reason/ }).fill('Credit for the accessibility walk, over the threshold');
    await adjust.getByRole('button', { name: 'Adjust balance' }).click();
    await expect(adjust).toBeHidden();
    await expect(page.getByText('Waiting for a second admin')).toBeVisible();

    await open('/admin-dashboard/transactions', 'Transactions');
    await expectNoViolations(page, 'admin transactions');
    await open('/admin-dashboard/withdrawals', 'Withdrawals');
    await expect(page.getByRole('button', { name: 'Approve' }).first()).toBeVisible();
    await expectNoViolations(page, 'admin withdrawals with a pending request');
    await page.getByRole('button', { name: 'Reject' }).first().click();
    const reject = page.getByRole('dialog', { name: 'Reject withdrawal' });
    await submitEmpty(page, 'Reject', reject);
    await expectNoViolations(page, 'the Reject dialog with an error');
    await page.keyboard.press('Escape');
    await open('/admin-dashboard/approvals', 'Approvals');
    await expect(page.getByRole('row').filter({ hasText: person.email }).first()).toBeVisible();
    await expectNoViolations(page, 'admin approvals with a pending request');
    await open(`/admin-dashboard/audit?subject=${encodeURIComponent(person.email)}`, 'Audit');
    await expect(page.getByRole('row').filter({ hasText: person.email }).first()).toBeVisible();
    await expectNoViolations(page, 'the audit log filtered by account');
    await open('/admin-dashboard/faq', /FAQ|Frequently/);
    await expectNoViolations(page, 'the admin FAQ');
    await open('/admin-dashboard/support', /Support/);
    await submitEmpty(page, 'Send Message');
    await expectNoViolations(page, 'admin support with errors');
    await signOut(page);
  });
});

/**
 * Why the focused element would be invisible to a sighted keyboard user, or '' when it shows a
 * focus indicator: an outline or a box-shadow ring of its own.
 */
function missingFocusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing is focused';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    if (outline || style.boxShadow !== 'none') return '';
    const name = el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent?.trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}> "${name}" has no visible focus indicator`;
  });
}

/** Presses `key` (Tab or Shift+Tab) until `target` has focus, checking the focus ring at every stop. */
async function tabTo(page: Page, target: Locator, key = 'Tab', max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    expect(await missingFocusIndicator(page)).toBe('');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${String(target)} was not reached with ${max} presses of ${key}`);
}

/** Tabs to `field` and types `text` into it (in a native select, typing picks the option that starts so). */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test.describe.serial('a keyboard alone signs in, buys a label and downloads it', () => {
  const walker = { name: 'Kim Keys', email: `kim-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
  let page: Page;

  useLaptopPage((p) => (page = p));

  test('setup: an account with $20 of credit from the admin', async ({ request }) => {
    test.setTimeout(90_000);
    await signUp(page, request, walker);
    await signOut(page);
    await signIn(page, request, e2eAdmin);
    // Verified: the stored token is the session's, no longer the code step's.
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await creditWallet(page, request, walker.email, 2000);
    await signOut(page);
  });

  test('signs in with email, password and the mailed code', async ({ request }) => {
    test.setTimeout(60_000);
    const seen = (await mailsTo(request, walker.email)).length;
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await expect(email).toBeVisible();
    await typeInto(page, email, walker.email);
    await typeInto(page, page.getByRole('textbox', { name: 'Password', exact: true }), walker.password);
    await waitForCaptcha(page);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/otp-verification$/);
    const code = page.getByRole('textbox', { name: 'Verification code', exact: true });
    await expect(code).toBeVisible();
    await typeInto(page, code, await nextCode(request, walker.email, seen));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(page.getByText(/^Balance: /)).toHaveText('Balance: $20.00');
  });

  test('opens Create Label: focus goes to its first field, and back to the button when it closes', async () => {
    const createLabel = page.getByRole('button', { name: 'Create Label' });
    await tabTo(page, createLabel);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create Label' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Label type' })).toBeFocused();
    expect(await missingFocusIndicator(page)).toBe('');

    // Focus stays inside the open dialog: Shift+Tab from the first field wraps to its last control.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement))).toBe(true);
    expect(await missingFocusIndicator(page)).toBe('');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(createLabel).toBeFocused();
    expect(await missingFocusIndicator(page)).toBe('');
  });

  test('fills the form and buys with credits; focus returns to Create Label', async () => {
    const createLabel = page.getByRole('button', { name: 'Create Label' });
    await page.keyboard.press('Space');
    const dialog = page.getByRole('dialog', { name: 'Create Label' });
    const labelType = dialog.getByRole('combobox', { name: 'Label type' });
    await expect(labelType).toBeFocused();
    // Typing finds "USPS Priority Flat Rate" first; the arrow key moves to the next option.
    await page.keyboard.type('USPS Priority');
    await expect(labelType).toHaveValue('priority');
    await page.keyboard.press('ArrowDown');
    await expect(labelType).toHaveValue('usps_priority');
    await typeInto(page, dialog.getByRole('spinbutton', { name: 'Weight (lbs)' }), '2');
    await typeInto(page, dialog.getByRole('spinbutton', { name: 'Height (in)' }), '4');
    await typeInto(page, dialog.getByRole('spinbutton', { name: 'Length (in)' }), '10');
    await typeInto(page, dialog.getByRole('spinbutton', { name: 'Width (in)' }), '6');
    for (const [side, address] of [
      ['Sender', home],
      ['Recipient', recipient],
    ] as const) {
      const block = dialog.getByRole('group', { name: side });
      await typeInto(page, block.getByRole('textbox', { name: 'Name', exact: true }), address.name);
      await typeInto(page, block.getByRole('combobox', { name: 'Street', exact: true }), address.street);
      await typeInto(page, block.getByRole('textbox', { name: 'City', exact: true }), address.city);
      await typeInto(page, block.getByRole('combobox', { name: 'State', exact: true }), address.state);
      await expect(block.getByRole('combobox', { name: 'State', exact: true })).toHaveValue(address.state);
      await typeInto(page, block.getByRole('textbox', { name: 'ZIP', exact: true }), address.zip);
    }
    const payment = dialog.getByRole('combobox', { name: 'Payment method' });
    await typeInto(page, payment, 'Wallet');
    await expect(payment).toHaveValue('credits');
    await expect(dialog.getByText('Estimated cost: $6.00')).toBeVisible();

    await tabTo(page, dialog.getByRole('button', { name: 'Create Order $6.00' }));
    await page.keyboard.press('Enter');
    // A purchase is quoted, checked and bought: under both workers' load that may pass 5 s.
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText(/^Balance: /)).toHaveText('Balance: $14.00');
    await expect(createLabel).toBeFocused();
    expect(await missingFocusIndicator(page)).toBe('');
  });

  test("downloads the new label's PDF from the shipments list", async () => {
    const pdf = page.getByRole('button', { name: /^Download PDF for / }).first();
    await expect(pdf).toBeVisible();
    await tabTo(page, pdf);
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toMatch(/^\w+\.pdf$/);
  });
});

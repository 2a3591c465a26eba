/**
 * Steps several browser tests share: reading the local outbox, waiting for the captcha, and
 * signing up or in through the real forms (sign-in mails a code; the code page takes it).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { e2eAdmin, e2eRunDir } from '../../playwright.config';

export interface Account {
  email: string;
  password: string;
}

/**
 * A stamp no other test of the run shares, for emails and keys: the workers run files side by side,
 * so the clock alone could give two of them the same one.
 */
export const unique = () => `${Date.now()}-${randomBytes(4).toString('hex')}`;

/**
 * Runs `step` while no other worker holds the lock `name` (a folder made atomically in the run's
 * folder). A lock left by a worker that died goes stale after `staleMs`.
 */
export async function underLock<T>(name: string, step: () => Promise<T>, staleMs = 120_000): Promise<T> {
  const lock = `${e2eRunDir}/${name}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > staleMs) rmSync(lock, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await step();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Mails the local outbox holds for `to`, newest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<{ subject: string; text: string; sentAt: string }[]> {
  const response = await request.get(`/_local/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** The code in the newest mail to `to`, once there are more than `seen` mails. */
export async function nextCode(request: APIRequestContext, to: string, seen: number): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = await mailsTo(request, to);
      code = mails.length > seen ? (/Your verification code: (\w+)/.exec(mails[0]?.text ?? '')?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^[A-Z0-9]{6}$/i);
  return code;
}

/** The widget solves its proof of work once a field of the form has had focus. */
export async function waitForCaptcha(page: Page) {
  await expect(page.locator('altcha-widget [data-state="verified"]')).toBeVisible({ timeout: 20_000 });
}

/** Types the newest code mailed to `email` (after `seen` earlier mails) on the code page and verifies it. */
export async function verifyCode(page: Page, request: APIRequestContext, email: string, seen: number) {
  await expect(page).toHaveURL(/\/otp-verification$/);
  await page.getByRole('textbox', { name: 'Verification code', exact: true }).fill(await nextCode(request, email, seen));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Creates an account through the sign-up form and verifies its code; ends on the user dashboard. */
export async function signUp(page: Page, request: APIRequestContext, account: Account & { name: string }) {
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(account.name);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await verifyCode(page, request, account.email, 0);
  await expect(page).toHaveURL(/\/user-dashboard$/);
}

/**
 * Signs in through the form and verifies the new code; answers the sign-in (code-step) token.
 * The seeded admin is one account for every worker, and a second sign-in while its code is open
 * mails no new code: its sign-ins take turns, each until its code is spent.
 */
export async function signIn(page: Page, request: APIRequestContext, account: Account): Promise<string> {
  if (account.email !== e2eAdmin.email) return signInOnce(page, request, account);
  return underLock('admin-sign-in', () => signInOnce(page, request, account));
}

async function signInOnce(page: Page, request: APIRequestContext, account: Account): Promise<string> {
  const seen = (await mailsTo(request, account.email)).length;
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await waitForCaptcha(page);
  const answer = page.waitForResponse((r) => r.url().endsWith('/auth/login') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const login = await answer;
  expect(login.status()).toBe(200);
  await verifyCode(page, request, account.email, seen);
  // The code is spent, and the session counted as signed in, once the page has left the code step.
  await expect(page).not.toHaveURL(/\/otp-verification$/, { timeout: 20_000 });
  return ((await login.json()) as { token: string }).token;
}

/** Console errors and uncaught exceptions of `page` from now on: a test ends expecting none. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The header's balance badge ('Balance: $25.00'). */
export const balanceBadge = (page: Page) => page.getByText(/^Balance: /);

/**
 * Tops the wallet up by card through the Add Balance dialog and the local sandbox checkout
 * (`/_local/checkout/<id>`, Pay), and waits until the webhook has credited it: the badge shows
 * `expectedBalance`. Starts from any dashboard page; ends on the wallet page.
 */
export async function topUpByCard(page: Page, amount: string, expectedBalance: string) {
  await page.getByRole('link', { name: 'Account Wallet' }).click();
  await page.getByRole('button', { name: 'Add Balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Balance' });
  await dialog.getByRole('combobox', { name: 'Credit type' }).selectOption('Card');
  await dialog.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await dialog.getByRole('button', { name: 'Deposit' }).click();
  // Opening a checkout takes the rate, the pending entry and the provider's session: seconds on a
  // machine running both workers' fronts, more than the default 5 s at times.
  await expect(page).toHaveURL(/\/_local\/checkout\/[^/]+$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/user-dashboard\/transactions/);
  // The page loads again after the checkout: under both workers' load that may pass 5 s.
  await expect(balanceBadge(page)).toHaveText(`Balance: ${expectedBalance}`, { timeout: 15_000 });
  await checkoutReturnDone(page);
}

/**
 * Waits until the wallet page has finished with a checkout's return: it drops the `checkout` query
 * once the payment settled, and a link followed before that would be undone by that last step.
 */
export async function checkoutReturnDone(page: Page) {
  await expect(page).not.toHaveURL(/[?&]checkout=/, { timeout: 20_000 });
}

/** The signed-in page's API token, as the SPA keeps it (SPEC section 3's `token` storage key). */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token as string;
}

/** An address block of a label order. */
export interface E2eAddress {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

/**
 * Buys a 2 lb USPS Priority label from `from` to `to` with wallet credits, straight through
 * `POST /shipping/create-label` with the page's token (for tests about what comes after a label);
 * answers its tracking number.
 */
export async function buyLabelWithCredits(page: Page, request: APIRequestContext, from: E2eAddress, to: E2eAddress): Promise<string> {
  const response = await request.post('/shipping/create-label', {
    headers: { Authorization: `Bearer ${await sessionToken(page)}`, 'Idempotency-Key': `e2e-${unique()}` },
    data: { labelType: 'usps_priority', weight: 2, height: 4, length: 10, width: 6, from, to, paymentMethod: 'credits' },
  });
  expect(response.status()).toBe(201);
  const { label } = (await response.json()) as { label: { status: string; tracking: string } };
  expect(label.status).toBe('created');
  return label.tracking;
}

/** The row of the shipment with tracking number `tracking` in the Shipping Labels page's table. */
export const shipmentRow = (page: Page, tracking: string) => page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: tracking });

/** Presses Refund label on the shipment `tracking`'s row; answers the confirmation it opens, for the test to read and answer. */
export async function askRefund(page: Page, tracking: string): Promise<Locator> {
  await shipmentRow(page, tracking)
    .getByRole('button', { name: `Refund label ${tracking}` })
    .click();
  return page.getByRole('alertdialog', { name: 'Refund this label?' });
}

/** Logs out through the header's account menu; ends on the landing page. */
export async function signOut(page: Page) {
  // A click while the header is drawn again (a resize, a page still loading, a list revalidating)
  // can miss the menu or its Logout item: open it and press Logout until the landing page shows.
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(async () => {
    if (!(await logout.isVisible())) await page.getByRole('button', { name: /^Account menu for/ }).click({ timeout: 2_000 });
    await logout.click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** One side of the label form as a person types it (the country stays US). */
export interface FormAddress {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

/** A label order as the Create Label form takes it. */
export interface FormLabelOrder {
  type: string;
  /** The package: left as the dialog has it (a saved package filled it) when absent. */
  weight?: string;
  /** Height, length, width in inches. */
  size?: [string, string, string];
  from: FormAddress;
  to: FormAddress;
  /** The optional recipient email, typed in the recipient block. */
  toEmail?: string;
}

/** Fills one address block of the Create Label form (the country stays US). */
export async function fillAddress(block: Locator, address: FormAddress) {
  await block.getByRole('textbox', { name: 'Name', exact: true }).fill(address.name);
  await block.getByRole('combobox', { name: 'Street', exact: true }).fill(address.street);
  await block.getByRole('textbox', { name: 'City', exact: true }).fill(address.city);
  await block.getByRole('combobox', { name: 'State', exact: true }).selectOption(address.state);
  await block.getByRole('textbox', { name: 'ZIP', exact: true }).fill(address.zip);
  await expect(block.getByRole('textbox', { name: 'Country', exact: true })).toHaveValue('US');
}

/** Fills the open Create Label dialog `form`: the label type, the package, both addresses and the payment method. */
export async function fillLabelForm(form: Locator, order: FormLabelOrder, payment = 'Wallet credits') {
  await form.getByRole('combobox', { name: 'Label type' }).selectOption({ label: order.type });
  if (order.weight) await form.getByRole('spinbutton', { name: 'Weight (lbs)' }).fill(order.weight);
  if (order.size) {
    const [height, length, width] = order.size;
    await form.getByRole('spinbutton', { name: 'Height (in)' }).fill(height);
    await form.getByRole('spinbutton', { name: 'Length (in)' }).fill(length);
    await form.getByRole('spinbutton', { name: 'Width (in)' }).fill(width);
  }
  await fillAddress(form.getByRole('group', { name: 'Sender' }), order.from);
  await fillAddress(form.getByRole('group', { name: 'Recipient' }), order.to);
  if (order.toEmail) await form.getByRole('group', { name: 'Recipient' }).getByRole('textbox', { name: 'Recipient email' }).fill(order.toEmail);
  await form.getByRole('combobox', { name: 'Payment method' }).selectOption({ label: payment });
}

/**
 * On the Shipping Labels page: opens Create Label and fills every field; answers the dialog once it
 * shows the estimate `price` (its quote has come).
 */
export async function openLabelForm(page: Page, order: FormLabelOrder, price: string, payment = 'Wallet credits'): Promise<Locator> {
  await page.getByRole('button', { name: 'Create Label' }).click();
  const form = page.getByRole('dialog', { name: 'Create Label' });
  await fillLabelForm(form, order, payment);
  await expect(form.getByText(`Estimated cost: ${price}`)).toBeVisible();
  return form;
}

/** On the Shipping Labels page: opens Create Label, fills every field and presses 'Create Order $price'. */
export async function createLabelThroughForm(page: Page, order: FormLabelOrder, price: string, payment = 'Wallet credits') {
  const form = await openLabelForm(page, order, price, payment);
  await form.getByRole('button', { name: `Create Order ${price}` }).click();
}

/** One label row of a batch CSV, by column (the template's names); cells left out are blank. */
export type BatchCsvRow = Partial<Record<string, string>>;

/** The columns every batch row of the browser tests fills: a 2 lb USPS Priority label ($6.00) from Austin to New York. */
export const batchCsvColumns = [
  'labelType',
  'weight',
  'length',
  'width',
  'height',
  'fromName',
  'fromStreet',
  'fromCity',
  'fromState',
  'fromZip',
  'fromCountry',
  'toName',
  'toStreet',
  'toCity',
  'toState',
  'toZip',
  'toCountry',
] as const;

/** A good batch row: `overrides` change (or add) cells, e.g. a bad `toZip`. */
export const batchCsvRow = (overrides: BatchCsvRow = {}): BatchCsvRow => ({
  labelType: 'usps_priority',
  weight: '2',
  length: '10',
  width: '6',
  height: '4',
  fromName: 'Austin Office',
  fromStreet: '700 Congress Ave',
  fromCity: 'Austin',
  fromState: 'TX',
  fromZip: '78701',
  fromCountry: 'US',
  toName: 'Grace Hopper',
  toStreet: '350 5th Ave',
  toCity: 'New York',
  toState: 'NY',
  toZip: '10118',
  toCountry: 'US',
  ...overrides,
});

/** A batch CSV file for `setInputFiles`: the header row (`columns`), then one line per row (no cell here needs quoting). */
export function batchCsvFile(rows: BatchCsvRow[], columns: readonly string[] = batchCsvColumns, name = 'batch.csv') {
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => row[c] ?? '').join(','))];
  return { name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n', 'utf8') };
}

/**
 * Accounts end to end, through the real handlers, DynamoDB Local and the real ALTCHA widget: sign
 * up, verify the mailed code, rename, log out, sign in again; the token scopes; the admin's list.
 * The tests run in order on one page, as one person would.
 */
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config';
import { collectConsoleErrors, signIn, signOut, verifyCode, waitForCaptcha, unique } from './helpers';

const person = { name: 'Erin Tester', email: `erin-${unique()}@example.com`, password: 'E2e-User-Pass1!' };

test.describe.serial('accounts', () => {
  let page: Page;
  let consoleErrors: string[] = [];
  let signInToken = '';

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    consoleErrors = collectConsoleErrors(page);
  });

  test.afterAll(async () => {
    await page.close();
  });

  test('signs up with the captcha, verifies the mailed code and lands on the dashboard', async ({ request }) => {
    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(person.name);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
    await expect(page.getByRole('list', { name: 'Password requirements' }).locator('[data-state="met"]')).toHaveCount(5);
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/otp-verification$/);
    await expect(page.getByText(person.email)).toBeVisible();
    await verifyCode(page, request, person.email, 0);

    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping Labels' })).toBeVisible();
  });

  test('renames the account on the profile page, sees it in the avatar menu, and logs out', async () => {
    await page.getByRole('link', { name: 'Profile' }).click();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue(person.name);
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(person.email);
    await name.fill('Erin Renamed');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();

    await page.getByRole('button', { name: 'Account menu for Erin Renamed' }).click();
    await expect(page.getByRole('menu')).toContainText('Erin Renamed');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('signs in again with a new code and lands on the dashboard', async ({ request }) => {
    signInToken = await signIn(page, request, person);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(page.getByRole('button', { name: 'Account menu for Erin Renamed' })).toBeVisible();
  });

  test('a sign-in token only reaches the code routes, and a user token no admin route', async ({ request }) => {
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    expect((await request.get('/shipping/orders', { headers: bearer(signInToken) })).status()).toBe(403);

    const userToken = await page.evaluate(() => localStorage.getItem('token'));
    expect(userToken).toBeTruthy();
    expect(userToken).not.toBe(signInToken);
    expect((await request.get('/auth/profile', { headers: bearer(userToken ?? '') })).status()).toBe(200);
    expect((await request.get('/auth/users', { headers: bearer(userToken ?? '') })).status()).toBe(403);
  });

  test('the seeded admin sees the new account in the users table', async ({ request }) => {
    await signOut(page);

    await signIn(page, request, e2eAdmin);
    await expect(page).toHaveURL(/\/admin-dashboard$/);
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\/users$/);

    const row = page.getByRole('row').filter({ hasText: person.email });
    await expect(row).toContainText('Erin Renamed');
    await expect(row).toContainText('$0.00');
    await expect(row).toContainText('user');
    expect(consoleErrors).toEqual([]);
  });
});

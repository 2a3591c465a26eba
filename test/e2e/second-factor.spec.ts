/**
 * An authenticator app end to end: set it up on the Profile page's Security section (the code
 * computed here with otpauth from the key the page shows, as an app would), sign in with its code
 * and "remember this device", then sign in again on the same browser without a second step.
 */
import { Secret, TOTP } from 'otpauth';
import { expect, test } from '@playwright/test';
import { collectConsoleErrors, signOut, signUp, unique, waitForCaptcha } from './helpers';

const person = { name: 'Tess Totp', email: `totp-${unique()}@example.com`, password: 'E2e-User-Pass1!' };

const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

test('sets up an authenticator app, signs in with its code, and a remembered device skips the step', async ({ page, request }) => {
  // Sign-up, set-up and two sign-ins with the captcha's proof of work: longer than one page's test.
  test.setTimeout(150_000);
  const consoleErrors = collectConsoleErrors(page);
  await signUp(page, request, person);

  await page.goto('/user-dashboard/profile-edit');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(codeFor(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('button', { name: 'Remove authenticator app' })).toBeVisible();

  const signInForm = async () => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
    await waitForCaptcha(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };

  await page.goto('/user-dashboard');
  await signOut(page);
  await signInForm();
  await expect(page).toHaveURL(/\/otp-verification$/);
  // The confirming code's step is spent: the next step's code is inside the window and unused.
  await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(codeFor(secret, Date.now() + 30_000));
  await page.getByText('Remember this device for 30 days').click();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);

  await signOut(page);
  await signInForm();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  expect(consoleErrors).toEqual([]);
});

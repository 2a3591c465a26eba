/**
 * Sessions end to end: the profile lists where the account is signed in, "Sign out everywhere else"
 * ends another browser's session, a password change needs the current password, and Logout ends the
 * token on the server (it answers 401 afterwards, not only forgotten by the browser).
 */
import { expect, test } from '@playwright/test';
import { sessionToken, signIn, signOut, signUp, unique } from './helpers';

const person = { name: 'Sam Sessions', email: `sam-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const NEW_PASSWORD = 'E2e-New-Pass2!';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test('profile: sessions list, sign out everywhere else, password change with the current one, logout ends the token', async ({ browser, request }) => {
  const page = await browser.newPage();
  await signUp(page, request, person);
  const firstToken = await sessionToken(page);

  // A second browser signs in too: two sessions.
  const other = await browser.newPage();
  await signIn(other, request, person);
  const otherToken = await sessionToken(other);

  await page.getByRole('link', { name: 'Profile' }).click();
  const list = page.getByRole('list', { name: 'Active sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This device')).toHaveCount(1);

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out of 1 other session.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect((await request.get('/auth/profile', { headers: bearer(otherToken) })).status()).toBe(401);

  // A new password asks for the current one; a wrong one is refused on its field.
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(NEW_PASSWORD);
  const current = page.getByRole('textbox', { name: 'Current password', exact: false });
  await current.fill('Not-the-pass1!');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your current password is not right')).toBeVisible();
  await current.fill(person.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  expect((await request.get('/auth/profile', { headers: bearer(firstToken) })).status()).toBe(200);

  // Logout ends the token on the server: the page signs out at once and tells the server right after.
  await signOut(page);
  await expect.poll(async () => (await request.get('/auth/profile', { headers: bearer(firstToken) })).status(), { timeout: 10_000 }).toBe(401);
  await signIn(page, request, { ...person, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await other.close();
  await page.close();
});

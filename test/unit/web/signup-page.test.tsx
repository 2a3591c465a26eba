// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { json, noCaptcha, stubApi } from './api-stub';
import { apiUser, setupPageTests } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();

/** The checklist rules met so far, by label. */
function metRules(): string[] {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.dataset.state === 'met')
    .map((item) => item.firstElementChild?.nextElementSibling?.textContent ?? '');
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Name/), 'Ann Lee');
  await user.type(screen.getByLabelText(/^Email/), 'ann@example.com');
  await user.type(screen.getByLabelText(/^Password\*?$/), 'Str0ng!pass');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('signup page', () => {
  it('ticks each password rule as it is typed', async () => {
    stubApi({ ...noCaptcha });
    const user = userEvent.setup();
    renderAt('/signup');
    const password = await screen.findByLabelText(/^Password\*?$/);
    expect(metRules()).toEqual([]);

    await user.type(password, 'a');
    expect(metRules()).toEqual(['One lowercase letter']);
    await user.type(password, 'A1');
    expect(metRules()).toEqual(['One uppercase letter', 'One lowercase letter', 'One number']);
    await user.type(password, '!xyza');
    expect(metRules()).toEqual(['At least 8 characters', 'One uppercase letter', 'One lowercase letter', 'One number', 'One special character']);
    // The checklist describes the password field.
    expect(password.getAttribute('aria-describedby')).toContain(screen.getByRole('list', { name: 'Password requirements' }).parentElement?.id);
  });

  it('refuses a weak password with the rule it breaks', async () => {
    const api = stubApi({ ...noCaptcha });
    const user = userEvent.setup();
    renderAt('/signup');
    await user.type(await screen.findByLabelText(/^Name/), 'A');
    await user.type(screen.getByLabelText(/^Password\*?$/), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Must contain at least one uppercase letter')).toBeInTheDocument();
    expect(api.calls('POST /auth/register')).toHaveLength(0);
  });

  it('starts a session and goes to the code page with the email', async () => {
    const api = stubApi({
      ...noCaptcha,
      'POST /auth/register': json({ message: 'Account created', token: 'otp-token', user: apiUser({ isVerified: false }) }, 201),
    });
    const user = userEvent.setup();
    const router = renderAt('/signup');

    await fillForm(user);

    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' });
    expect(router.state.location.state).toEqual({ email: 'ann@example.com', from: undefined, codeSentAt: expect.any(Number) });
    expect(getSession()).toMatchObject({ token: 'otp-token', isVerified: false, user: { email: 'ann@example.com' } });
    expect(api.calls('POST /auth/register')[0]?.body).toEqual({ name: 'Ann Lee', email: 'ann@example.com', password: 'Str0ng!pass', recaptchaToken: 'none' });
  });

  it("toasts 'Registration Failed' with the server's message", async () => {
    stubApi({ ...noCaptcha, 'POST /auth/register': json({ message: 'Email already registered' }, 409) });
    const user = userEvent.setup();
    renderAt('/signup');

    await fillForm(user);

    expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
    expect(screen.getByText('Email already registered')).toBeInTheDocument();
    expect(getSession().token).toBeNull();
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { json, noCaptcha, stubApi } from './api-stub';
import { apiUser, setupPageTests } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
const ann = apiUser();

async function signIn(user: ReturnType<typeof userEvent.setup>, email = 'ann@example.com', password = 'secret-pass') {
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('login page', () => {
  it('starts an unverified session and goes to the code page with the email and the original path', async () => {
    const api = stubApi({ ...noCaptcha, 'POST /auth/login': json({ message: 'Code sent', token: 'otp-token', user: ann, factors: ['email'] }) });
    const user = userEvent.setup();
    const router = renderAt('/login', { from: '/user-dashboard/tracking' });

    await signIn(user);

    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' });
    expect(router.state.location.pathname).toBe('/otp-verification');
    expect(router.state.location.state).toEqual({
      email: 'ann@example.com',
      from: '/user-dashboard/tracking',
      codeSentAt: expect.any(Number),
      factors: ['email'],
    });
    expect(getSession()).toEqual({ token: 'otp-token', user: { id: 'u1', name: 'Ann Lee', email: 'ann@example.com', role: 'user' }, isVerified: false });
    expect(api.calls('POST /auth/login')[0]?.body).toEqual({ email: 'ann@example.com', password: 'secret-pass', recaptchaToken: 'none' });
    // The login call mails the code itself.
    expect(api.calls('POST /auth/send-otp')).toHaveLength(0);
  });

  it('shows the spec messages for a bad email and a short password, without calling the server', async () => {
    const api = stubApi({ ...noCaptcha });
    const user = userEvent.setup();
    renderAt('/login');

    await signIn(user, 'not-an-email', 'abc');

    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /auth/login')).toHaveLength(0);
  });

  it("toasts 'Login Failed' with the server's message and asks for a new captcha", async () => {
    const api = stubApi({ ...noCaptcha, 'POST /auth/login': json({ message: 'Invalid email or password' }, 401) });
    const user = userEvent.setup();
    const router = renderAt('/login');

    await signIn(user);

    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().token).toBeNull();
    await waitFor(() => expect(api.calls('GET /auth/captcha-challenge')).toHaveLength(2));
  });

  it('falls back to a generic message when the answer has none', async () => {
    stubApi({ ...noCaptcha, 'POST /auth/login': () => new Response('Bad gateway', { status: 502 }) });
    const user = userEvent.setup();
    renderAt('/login');

    await signIn(user);

    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('An error occurred. Please try again.')).toBeInTheDocument();
  });

  it("locks the button for 4 s after a submit, counting down 'Try again in Ns'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ ...noCaptcha, 'POST /auth/login': json({ message: 'Invalid email or password' }, 401) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/login');

    await signIn(user);

    const button = await screen.findByRole('button', { name: 'Try again in 4s' });
    expect(button).toBeDisabled();
    for (const left of [3, 2, 1]) {
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(await screen.findByRole('button', { name: `Try again in ${left}s` })).toBeDisabled();
    }
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("rests the button for the server's Retry-After when it is longer than 4 s (too many failures)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      ...noCaptcha,
      'POST /auth/login': () =>
        Response.json({ message: 'Too many failed sign-ins. Try again in 8 seconds.' }, { status: 429, headers: { 'retry-after': '8' } }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/login');

    await signIn(user);

    expect(await screen.findByText('Too many failed sign-ins. Try again in 8 seconds.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again in 8s' })).toBeDisabled();
  });

  it('links to sign-up and to the forgotten-password page', async () => {
    stubApi({ ...noCaptcha });
    renderAt('/login');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { endSession, getSession, startSession } from '@/lib/session';
import { json, stubApi } from './api-stub';
import { apiUser, setupPageTests } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
const ann = apiUser();
const arrival = { email: 'ann@example.com', from: '/user-dashboard/tracking' };

beforeEach(() => startSession('otp-token', { id: ann.id, name: ann.name, email: ann.email, role: ann.role }));

describe('OTP verification page', () => {
  it('keeps only letters and digits, at most 6, and enables Verify at exactly 6', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderAt('/otp-verification', arrival);
    const field = await screen.findByLabelText('Verification code');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();

    await user.type(field, 'ab-1 2');
    expect(field).toHaveValue('AB12');
    expect(verify).toBeDisabled();

    await user.type(field, 'c3d4');
    expect(field).toHaveValue('AB12C3');
    expect(verify).toBeEnabled();

    await user.clear(field);
    await user.paste('  9z-8y-7x  ');
    expect(field).toHaveValue('9Z8Y7X');
  });

  it('verifies, swaps in the full token and returns to the page the visitor came from', async () => {
    const api = stubApi({ 'POST /auth/verify-otp': json({ message: 'Verified', token: 'full-token', user: ann }) });
    const user = userEvent.setup();
    const router = renderAt('/otp-verification', arrival);

    await user.type(await screen.findByLabelText('Verification code'), 'ab12c3');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByRole('heading', { level: 1, name: 'Track Package' });
    expect(router.state.location.pathname).toBe('/user-dashboard/tracking');
    expect(getSession()).toMatchObject({ token: 'full-token', isVerified: true });
    expect(localStorage.getItem('token')).toBe('full-token');
    const [request] = api.calls('POST /auth/verify-otp');
    expect(request?.body).toEqual({ email: 'ann@example.com', otp: 'AB12C3' });
    expect(request?.headers.Authorization).toBe('Bearer otp-token');
  });

  it('goes to the user dashboard when no page is waiting', async () => {
    stubApi({ 'POST /auth/verify-otp': json({ message: 'Verified', token: 'full-token', user: ann }) });
    const user = userEvent.setup();
    const router = renderAt('/otp-verification', { email: 'ann@example.com' });

    await user.type(await screen.findByLabelText('Verification code'), 'AB12C3');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByRole('heading', { level: 1, name: 'Shipping Labels' });
    expect(router.state.location.pathname).toBe('/user-dashboard');
  });

  it("toasts 'OTP verification failed' with the server's message and stays unverified", async () => {
    stubApi({ 'POST /auth/verify-otp': json({ message: 'Invalid or expired OTP. Please try again.' }, 400) });
    const user = userEvent.setup();
    const router = renderAt('/otp-verification', arrival);

    await user.type(await screen.findByLabelText('Verification code'), 'AB12C3');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('OTP verification failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid or expired OTP. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/otp-verification');
    expect(getSession()).toMatchObject({ token: 'otp-token', isVerified: false });
  });

  it('tells a network failure apart from a wrong code', async () => {
    stubApi({
      'POST /auth/verify-otp': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderAt('/otp-verification', arrival);

    await user.type(await screen.findByLabelText('Verification code'), 'AB12C3');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(screen.queryByText('OTP verification failed')).not.toBeInTheDocument();
  });

  it('resends the code, and shows the server message when it refuses', async () => {
    const api = stubApi({ 'POST /auth/resend-otp': json({ message: 'A new code was sent' }) });
    const user = userEvent.setup();
    renderAt('/otp-verification', arrival);

    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new code is on its way')).toBeInTheDocument();
    expect(api.calls('POST /auth/resend-otp')[0]?.body).toEqual({ email: 'ann@example.com' });

    api.set('POST /auth/resend-otp', json({ message: 'Please wait 30 seconds before asking for a new code' }, 429));
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to resend OTP')).toBeInTheDocument();
    expect(screen.getByText('Please wait 30 seconds before asking for a new code')).toBeInTheDocument();
  });

  it('takes the email from the stored session when the page is opened directly', async () => {
    const api = stubApi({ 'POST /auth/resend-otp': json({ message: 'sent' }) });
    const user = userEvent.setup();
    renderAt('/otp-verification');

    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    await screen.findByText('A new code is on its way');
    expect(api.calls('POST /auth/resend-otp')[0]?.body).toEqual({ email: 'ann@example.com' });
  });

  it('sends a visitor without a session token to /login', async () => {
    stubApi({ 'GET /auth/captcha-challenge': json({ provider: 'none' }) });
    endSession();
    const router = renderAt('/otp-verification', arrival);

    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/login');
  });
});

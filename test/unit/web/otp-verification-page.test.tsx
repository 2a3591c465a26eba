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
    expect(request?.body).toEqual({ email: 'ann@example.com', otp: 'AB12C3', rememberDevice: false });
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

  it('resends the code, then counts the 30 s wait down on the disabled link instead of letting a click fail', async () => {
    const api = stubApi({ 'POST /auth/resend-otp': json({ message: 'A new code was sent' }) });
    const user = userEvent.setup();
    renderAt('/otp-verification', arrival);

    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new code is on its way')).toBeInTheDocument();
    expect(api.calls('POST /auth/resend-otp')[0]?.body).toEqual({ email: 'ann@example.com' });
    const waiting = screen.getByRole('button', { name: /^Resend in 0:(30|29)$/ });
    expect(waiting).toBeDisabled();
    await user.click(waiting);
    expect(api.calls('POST /auth/resend-otp')).toHaveLength(1);
    expect(screen.queryByText('Failed to resend OTP')).not.toBeInTheDocument();
  });

  it('starts counting down from the moment sign-in mailed the code', async () => {
    stubApi({});
    renderAt('/otp-verification', { ...arrival, codeSentAt: Date.now() - 18_000 });
    const link = await screen.findByRole('button', { name: /^Resend in 0:1[12]$/ });
    expect(link).toBeDisabled();
  });

  it('ignores a send time from the future, which would only lock the link', async () => {
    stubApi({});
    renderAt('/otp-verification', { ...arrival, codeSentAt: Date.now() + 3_600_000 });
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it("counts the server's wait down when it refuses anyway (another tab), with no error toast", async () => {
    stubApi({
      'POST /auth/resend-otp': () =>
        Response.json({ message: 'Please wait 30 seconds before asking for another code.' }, { status: 429, headers: { 'Retry-After': '30' } }),
    });
    const user = userEvent.setup();
    renderAt('/otp-verification', arrival);

    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('button', { name: /^Resend in 0:(30|29)$/ })).toBeDisabled();
    expect(screen.queryByText('Failed to resend OTP')).not.toBeInTheDocument();
  });

  it('says why when the server names a longer wait (several codes this hour)', async () => {
    stubApi({
      'POST /auth/resend-otp': () =>
        Response.json({ message: 'Too many codes. Try again in 20 minutes.' }, { status: 429, headers: { 'Retry-After': '1200' } }),
    });
    const user = userEvent.setup();
    renderAt('/otp-verification', arrival);

    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to resend OTP')).toBeInTheDocument();
    expect(screen.getByText('Too many codes. Try again in 20 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Resend in (20:00|19:59)$/ })).toBeDisabled();
  });

  it('shows the server message when resending fails for another reason', async () => {
    stubApi({ 'POST /auth/resend-otp': json({ message: 'This code is for another account' }, 403) });
    const user = userEvent.setup();
    renderAt('/otp-verification', arrival);

    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Failed to resend OTP')).toBeInTheDocument();
    // The toast can come a render before the button leaves its loading state (no name while loading).
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeEnabled();
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

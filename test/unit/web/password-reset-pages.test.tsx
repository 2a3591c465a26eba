// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from './api-stub';
import { setupPageTests } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();

describe('forgot password page', () => {
  it('sends the link and then shows the check-your-email confirmation', async () => {
    const api = stubApi({ 'POST /auth/forgot-password': json({ message: 'If the account exists, a link is on its way' }) });
    const user = userEvent.setup();
    renderAt('/forgot-password');

    await user.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check Your Email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ann@example.com');
    expect(api.calls('POST /auth/forgot-password')[0]?.body).toEqual({ email: 'ann@example.com' });
  });

  it("toasts 'Failed to send reset link' when the call fails", async () => {
    stubApi({ 'POST /auth/forgot-password': json({ message: 'Too many requests' }, 429) });
    const user = userEvent.setup();
    renderAt('/forgot-password');

    await user.type(await screen.findByLabelText(/^Email/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText('Failed to send reset link')).toBeInTheDocument();
    expect(screen.getByText('Too many requests')).toBeInTheDocument();
  });
});

describe('reset password page', () => {
  const newPassword = () => screen.findByLabelText(/^New password/);
  const confirmation = () => screen.getByLabelText(/^Confirm new password/);

  it("says 'Passwords do not match' and sends nothing when the confirmation differs", async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    renderAt('/reset-password?token=tok123');

    await user.type(await newPassword(), 'Str0ng!pass');
    await user.type(confirmation(), 'Str0ng!pasS');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(confirmation()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /auth/reset-password')).toHaveLength(0);
  });

  it('sends the token with the new password and then offers to sign in', async () => {
    const api = stubApi({ 'POST /auth/reset-password': json({ message: 'Password updated' }) });
    const user = userEvent.setup();
    renderAt('/reset-password?token=tok123');

    await user.type(await newPassword(), 'Str0ng!pass');
    await user.type(confirmation(), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(/Your password has been reset/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(api.calls('POST /auth/reset-password')[0]?.body).toEqual({ token: 'tok123', password: 'Str0ng!pass' });
  });

  it("toasts 'Failed to reset password' with the server's message", async () => {
    stubApi({ 'POST /auth/reset-password': json({ message: 'This reset link is invalid or has expired' }, 400) });
    const user = userEvent.setup();
    renderAt('/reset-password?token=used');

    await user.type(await newPassword(), 'Str0ng!pass');
    await user.type(confirmation(), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();
    expect(screen.getByText('This reset link is invalid or has expired')).toBeInTheDocument();
  });

  it('explains a link without a token and points to a new one', async () => {
    stubApi({});
    renderAt('/reset-password');

    expect(await screen.findByText(/This reset link is incomplete/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { endSession } from '@/lib/session';
import { renderAt } from './render-route';
import { ann, fetchMock, signIn, useRouteTestSetup } from './signed-in-routes';

const root = { id: 'u2', name: 'Root Admin', email: 'root@example.com', role: 'admin' };

useRouteTestSetup();

describe('route guards', () => {
  it('sends an anonymous visitor on a user page to the landing page', async () => {
    const router = renderAt('/user-dashboard/tracking');
    expect(await screen.findByRole('heading', { level: 1, name: 'Effortless Shipping Labels' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('remembers the page an anonymous visitor wanted through Get Started to the sign-in page', async () => {
    const router = renderAt('/user-dashboard/tracking?number=9400');
    await userEvent.click(await screen.findByRole('link', { name: 'Get Started' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/user-dashboard/tracking?number=9400' });
  });

  it('sends an anonymous visitor on an admin page to the landing page', async () => {
    const router = renderAt('/admin-dashboard/users');
    await screen.findByRole('heading', { level: 1, name: 'Effortless Shipping Labels' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in but unverified user to the OTP page with their email and the page they wanted', async () => {
    signIn(ann, { verified: false });
    const router = renderAt('/user-dashboard/faq');
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' });
    expect(router.state.location.pathname).toBe('/otp-verification');
    expect(router.state.location.state).toEqual({ email: 'ann@example.com', from: '/user-dashboard/faq' });
  });

  it('sends a non-admin on an admin page to the user dashboard', async () => {
    signIn(ann, { verified: true });
    const router = renderAt('/admin-dashboard/users');
    await screen.findByRole('heading', { level: 1, name: 'Shipping Labels' });
    expect(router.state.location.pathname).toBe('/user-dashboard');
  });

  it('lets an admin into the admin area, without the balance badge', async () => {
    signIn(root, { verified: true });
    renderAt('/admin-dashboard/users');
    await screen.findByRole('heading', { level: 1, name: 'Users' });
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByText(/Balance:/)).not.toBeInTheDocument();
  });
});

describe('user dashboard shell', () => {
  it('shows the balance as N/A while the profile cannot be loaded', async () => {
    signIn(ann, { verified: true });
    renderAt('/user-dashboard/transactions');
    await screen.findByRole('heading', { level: 1, name: 'Account Wallet' });
    expect(screen.getByRole('banner')).toHaveTextContent('Balance: N/A');
    expect(screen.getByRole('main')).toBeInTheDocument();
    // The wallet page also reads its transactions; the header's badge reads the profile.
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/auth/profile'));
  });

  it('shows the balance with two decimals once the profile loads', async () => {
    fetchMock.mockResolvedValue(Response.json({ ...ann, balance: 12.5, available: 12.5, heldCents: 0 }));
    signIn(ann, { verified: true });
    renderAt('/user-dashboard');
    expect(await screen.findByText('Balance: $12.50')).toBeInTheDocument();
  });
});

describe('public routes', () => {
  it('offers Get Started to anonymous visitors and Go To Dashboard once signed in', async () => {
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024 PrepaidShip');
    for (const id of ['home', 'prices', 'howto', 'savings', 'contact']) expect(document.getElementById(id)).toBeInTheDocument();
    cleanup();

    signIn(ann, { verified: true });
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Go To Dashboard' })).toHaveAttribute('href', '/user-dashboard');
  });

  it("shows Dashboard instead of Sign In to a signed-in visitor, to the user's or the admin's dashboard by role", async () => {
    signIn(ann, { verified: true });
    renderAt('/');
    expect(await screen.findByRole('link', { name: /^Dashboard$/ })).toHaveAttribute('href', '/user-dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    cleanup();
    endSession();

    signIn(root, { verified: true });
    renderAt('/no-such-page');
    expect(await screen.findByRole('link', { name: /^Dashboard$/ })).toHaveAttribute('href', '/admin-dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    cleanup();
    endSession();

    // Before the code step the session opens no dashboard yet: Sign In stays.
    signIn(ann, { verified: false });
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: /^Dashboard$/ })).not.toBeInTheDocument();
  });

  it('redirects /verify-otp to /otp-verification keeping the navigation state', async () => {
    signIn(ann, { verified: false }); // the OTP page sends visitors without a session to /login
    const router = renderAt('/verify-otp', { email: 'ann@example.com', from: '/user-dashboard/tracking' });
    await screen.findByRole('heading', { level: 1, name: 'Verify Your Email' });
    expect(router.state.location.pathname).toBe('/otp-verification');
    expect(router.state.location.state).toEqual({ email: 'ann@example.com', from: '/user-dashboard/tracking' });
  });

  it('shows a Not found page with a link home for unknown paths', async () => {
    renderAt('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { renderAt } from './render-route';
import { ann, fetchMock, signIn, useRouteTestSetup } from './signed-in-routes';

useRouteTestSetup();

describe('logout', () => {
  // Its own file: after the OTP page's test in the same jsdom, the menu's Logout is not reached.
  it('logs out from the avatar menu and asks the server to end the session', async () => {
    const user = userEvent.setup();
    signIn(ann, { verified: true });
    const router = renderAt('/user-dashboard/profile-edit');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });

    await user.click(screen.getByRole('button', { name: 'Account menu for Ann Lee' }));
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await screen.findByRole('heading', { level: 1, name: 'Effortless Shipping Labels' });
    expect(router.state.location.pathname).toBe('/');
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/auth/logout') && init?.method === 'POST')).toBe(true));
  });
});

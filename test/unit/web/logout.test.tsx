// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, getSession, markSessionVerified, startSession } from '@/lib/session';
import { stubBrowserApis } from './browser-api-stubs';
import { renderAt } from './render-route';

const ann = { id: 'u1', name: 'Ann Lee', email: 'ann@example.com', role: 'user' };

const fetchMock = vi.fn<typeof fetch>();

function signIn(user: typeof ann, { verified }: { verified: boolean }) {
  startSession('token', user);
  if (verified) markSessionVerified();
}

beforeEach(() => {
  stubBrowserApis();
  // The landing page's counter answers; anything else (the profile) cannot be loaded in these tests.
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/counter' ? Response.json({ count: 0 }) : Response.json({ message: 'Not available in this test' }, { status: 501 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

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

/**
 * What the route tests share: an account, a session started as sign-in would, and a fetch that
 * answers the landing page's counter and nothing else. Call `useRouteTestSetup()` once per file.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { endSession, markSessionVerified, startSession } from '@/lib/session';
import { stubBrowserApis } from './browser-api-stubs';

export const ann = { id: 'u1', name: 'Ann Lee', email: 'ann@example.com', role: 'user' };

export const fetchMock = vi.fn<typeof fetch>();

export function signIn(user: typeof ann, { verified }: { verified: boolean }) {
  startSession('token', user);
  if (verified) markSessionVerified();
}

export function useRouteTestSetup() {
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
}

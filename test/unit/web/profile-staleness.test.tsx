// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROFILE_REFRESH_MS, PROFILE_STALE_MS } from '@domain/constants';
import { json, stubApi } from './api-stub';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();

/** The header's balance, named with everything it shows. */
const balance = () => screen.getByRole('group', { name: /^Balance: / });

describe('profile staleness (SPEC: refetched every 60 s, stale after 5 min)', () => {
  it('refreshes each minute; an answer over 5 minutes old is marked not current and asked for again; a fresh one clears the mark', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(apiUser());
    const api = stubApi({ 'GET /auth/profile': json(apiUser()) });
    renderAt('/user-dashboard/faq');
    expect(await screen.findByRole('group', { name: 'Balance: $12.50' })).toBeInTheDocument();

    // Each minute the profile is read again, and every answer keeps it current.
    const first = api.calls('GET /auth/profile').length;
    await act(() => vi.advanceTimersByTimeAsync(PROFILE_REFRESH_MS + 100));
    expect(api.calls('GET /auth/profile').length).toBe(first + 1);

    // Then the server stops answering: the refreshes fail, and SWR's interval waits for another trigger.
    api.set('GET /auth/profile', json({ message: 'Unavailable' }, 503));
    await act(() => vi.advanceTimersByTimeAsync(PROFILE_STALE_MS - 1000));
    expect(balance()).toHaveAccessibleName('Balance: $12.50');
    expect(screen.queryByText('not current')).not.toBeInTheDocument();
    const beforeStale = api.calls('GET /auth/profile').length;

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(balance()).toHaveAccessibleName('Balance: $12.50, not current');
    expect(screen.getByText('not current')).toBeInTheDocument();
    // Turning stale asks again by itself.
    expect(api.calls('GET /auth/profile').length).toBeGreaterThan(beforeStale);

    // The server is back: the next read (here, on focus) is current again.
    api.set('GET /auth/profile', json(apiUser({ balance: 20, balanceCents: 2000 })));
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(await screen.findByRole('group', { name: 'Balance: $20.00' })).toBeInTheDocument();
    expect(screen.queryByText('not current')).not.toBeInTheDocument();
  });
});

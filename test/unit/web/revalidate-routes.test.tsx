// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';
import { SwrProvider, useApiQuery } from '@/api-client/swr-config';
import { json, stubApi } from './api-stub';

const transactionsPages = cursorPageKeys('GET /hoodpay/transactions', { limit: '20' });
const ordersPages = cursorPageKeys('GET /shipping/orders', { limit: '20' });

/** What three features show at once: the profile, the wallet's paged list and the shipments' paged list. */
function useScreen() {
  const profile = useApiQuery('GET /auth/profile');
  const transactions = useCursorPages(transactionsPages, (page) => page.data);
  const orders = useCursorPages(ordersPages, (page) => page.orders);
  return { profile, transactions, orders, revalidate: useRevalidateRoutes() };
}

const wrapper = ({ children }: { children: ReactNode }) => <SwrProvider>{children}</SwrProvider>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useRevalidateRoutes', () => {
  it('refetches every cached read of the named routes, plain and paged, and nothing else', async () => {
    const api = stubApi({
      'GET /auth/profile': json({ balance: 5 }),
      'GET /hoodpay/transactions': json({ data: [], nextCursor: null }),
      'GET /shipping/orders': json({ orders: [], nextCursor: null }),
    });
    const { result } = renderHook(useScreen, { wrapper });
    await waitFor(() => expect(result.current.orders.data).toBeDefined());
    await waitFor(() => expect(result.current.transactions.data).toBeDefined());
    await waitFor(() => expect(result.current.profile.data).toBeDefined());
    api.set('GET /auth/profile', json({ balance: 7 }));

    await act(() => result.current.revalidate('GET /hoodpay/transactions', 'GET /auth/profile'));

    expect(api.calls('GET /auth/profile')).toHaveLength(2);
    expect(api.calls('GET /hoodpay/transactions')).toHaveLength(2);
    expect(api.calls('GET /hoodpay/transactions')[1]?.url.search).toBe('?limit=20');
    expect(api.calls('GET /shipping/orders')).toHaveLength(1);
    await waitFor(() => expect(result.current.profile.data).toEqual({ balance: 7 }));
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutPollMs, checkoutPolls } from '@/features/wallet/hooks/use-checkout-return';
import { stubApi } from './api-stub';
import { apiTransaction, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
const ann = apiUser({ balance: 0, balanceCents: 0 });
beforeEach(() => {
  signInAs(ann);
  // Timers advance with real time too, so the page's own waits (lazy routes, fetches) still run.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

/**
 * The server as the webhook lands after `settleAfter` list reads: until then the newest top-up is
 * pending and the balance $0; from then on it is `outcome` and the balance follows.
 */
function walletSettlingAfter(settleAfter: number, outcome: 'completed' | 'failed' = 'completed') {
  let reads = 0;
  const settled = () => reads > settleAfter;
  return stubApi({
    'GET /hoodpay/transactions': () => {
      reads += 1;
      return Response.json({ data: [apiTransaction({ status: settled() ? outcome : 'pending' })], nextCursor: null });
    },
    'GET /auth/profile': () => Response.json(settled() && outcome === 'completed' ? apiUser({ balance: 25, balanceCents: 2500 }) : ann),
  });
}

const tick = () => act(() => vi.advanceTimersByTimeAsync(checkoutPollMs));

describe('returning from checkout', () => {
  it('says the payment was received, refetches until the webhook has credited the wallet, then drops the query', async () => {
    const api = walletSettlingAfter(2);
    const router = renderAt('/user-dashboard/transactions?checkout=success');

    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(screen.getByText('Your balance updates as soon as the payment is confirmed.')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent Transactions' });
    expect(await within(table).findByText('pending')).toBeInTheDocument();
    expect(screen.getByText('Balance: $0.00')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?checkout=success');

    await tick();
    await tick();

    expect(await within(table).findByText('completed')).toBeInTheDocument();
    expect(await screen.findByText('Balance: $25.00')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/user-dashboard/transactions');

    // Settled: no more polling.
    const reads = api.calls('GET /hoodpay/transactions').length;
    await tick();
    await tick();
    expect(api.calls('GET /hoodpay/transactions')).toHaveLength(reads);
  });

  it('gives up after 20 s while the entry stays pending, and drops the query', async () => {
    const api = walletSettlingAfter(Infinity);
    const router = renderAt('/user-dashboard/transactions?checkout=success');
    await within(await screen.findByRole('table', { name: 'Recent Transactions' })).findByText('pending');

    for (let i = 0; i < checkoutPolls; i++) await tick();

    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The first read, then one per poll: each poll refetches the list and the profile.
    expect(api.calls('GET /hoodpay/transactions')).toHaveLength(1 + checkoutPolls);
    expect(api.calls('GET /auth/profile').length).toBeGreaterThanOrEqual(1 + checkoutPolls);
    await tick();
    expect(api.calls('GET /hoodpay/transactions')).toHaveLength(1 + checkoutPolls);
  });

  it('says the payment was cancelled and shows the entry failed once the provider says so', async () => {
    walletSettlingAfter(1, 'failed');
    const router = renderAt('/user-dashboard/transactions?checkout=cancelled');

    expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent Transactions' });
    await tick();
    expect(await within(table).findByText('failed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('Balance: $0.00')).toBeInTheDocument();
  });

  it('does nothing special without the query, or with an unknown value', async () => {
    const api = walletSettlingAfter(Infinity);
    const router = renderAt('/user-dashboard/transactions?checkout=maybe');
    await within(await screen.findByRole('table', { name: 'Recent Transactions' })).findByText('pending');

    await tick();
    await tick();
    expect(api.calls('GET /hoodpay/transactions')).toHaveLength(1);
    expect(screen.queryByText('Payment received')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?checkout=maybe');
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { statusColorPalette } from '@/features/wallet/components/transaction-status-badge';
import { formatDateTime } from '@/lib/transaction-labels';
import { json, stubApi, type StubRequest } from './api-stub';
import { apiTransaction, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';
import { colorPaletteOf, headerTexts, rowTexts } from './table-rows';

setupPageTests();
const ann = apiUser();
beforeEach(() => signInAs(ann));

const caption = 'Recent Transactions';
const noWithdrawals = json({ withdrawals: [], nextCursor: null });
const topup = apiTransaction({ id: 't3', createdAt: '2025-03-04T15:06:00.000Z' });
const crypto = apiTransaction({
  id: 't2',
  creditType: 'Crypto',
  paymentType: 'CRYPTO',
  status: 'pending',
  amount: 10,
  amountCents: 1000,
  createdAt: '2025-03-03T09:00:00.000Z',
});
const label = apiTransaction({
  id: 't1',
  type: 'label',
  creditType: 'Credits',
  paymentType: 'WALLET',
  amount: -6.5,
  amountCents: -650,
  createdAt: '2025-03-02T10:30:00.000Z',
});
const failed = apiTransaction({ id: 't0', status: 'failed', amount: 40, amountCents: 4000, createdAt: '2025-03-01T08:00:00.000Z' });

/** Two pages: the first ends with cursor `c1`. */
function transactionPages({ url }: StubRequest) {
  return url.searchParams.get('cursor') === 'c1'
    ? Response.json({ data: [failed], nextCursor: null })
    : Response.json({ data: [topup, crypto, label], nextCursor: 'c1' });
}

/** A figure card's value, by its label. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).closest('dl')!.querySelector('dd')!;

describe('wallet page', () => {
  it('shows the current balance from the profile next to Add Balance', async () => {
    stubApi({ 'GET /auth/profile': json(ann), 'GET /wallet/withdrawals': noWithdrawals, 'GET /hoodpay/transactions': json({ data: [], nextCursor: null }) });
    renderAt('/user-dashboard/transactions');

    expect(await screen.findByRole('heading', { level: 1, name: 'Account Wallet' })).toBeInTheDocument();
    // The balance, and all of it available (nothing on hold).
    expect(await screen.findAllByText('$12.50')).toHaveLength(2);
    expect(screen.getByText('Balance: $12.50')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Balance: $12.50' })).not.toHaveTextContent('held');
    expect(screen.getByRole('button', { name: 'Add Balance' })).toBeInTheDocument();
  });

  it('lists Date/Time, Amount, Type, Payment Type, Status, Details and a Receipt for completed entries, signs debits, and loads the next page', async () => {
    const api = stubApi({ 'GET /auth/profile': json(ann), 'GET /wallet/withdrawals': noWithdrawals, 'GET /hoodpay/transactions': transactionPages });
    const user = userEvent.setup();
    renderAt('/user-dashboard/transactions');

    await screen.findByText('-$6.50');
    expect(headerTexts(caption)).toEqual(['Date/Time', 'Amount', 'Type', 'Payment Type', 'Status', 'Details', 'Receipt']);
    expect(rowTexts(caption)).toEqual([
      [formatDateTime(topup.createdAt), '$25.00', 'Top-up', 'Card', 'completed', '—', 'Receipt'],
      [formatDateTime(crypto.createdAt), '$10.00', 'Top-up', 'Crypto', 'pending', '—', '—'],
      [formatDateTime(label.createdAt), '-$6.50', 'Label', 'Wallet', 'completed', '—', 'Receipt'],
    ]);
    // Local date and time, not the raw ISO text.
    expect(formatDateTime(topup.createdAt)).toMatch(/2025/);
    expect(formatDateTime(topup.createdAt)).not.toContain('T15');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('$40.00')).toBeInTheDocument();
    expect(rowTexts(caption)[3]).toEqual([formatDateTime(failed.createdAt), '$40.00', 'Top-up', 'Card', 'failed', '—', '—']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.calls('GET /hoodpay/transactions').map((r) => r.url.searchParams.get('cursor'))).toContain('c1');
  });

  it('colours the status badges: completed and success green, failed red, cancelled gray, pending and anything else yellow', async () => {
    stubApi({
      'GET /auth/profile': json(ann),
      'GET /wallet/withdrawals': noWithdrawals,
      'GET /hoodpay/transactions': json({
        data: [
          topup,
          crypto,
          failed,
          apiTransaction({ id: 't7', status: 'cancelled' }),
          apiTransaction({ id: 't9', status: 'success' }),
          apiTransaction({ id: 't8', status: 'refunded' }),
        ],
        nextCursor: null,
      }),
    });
    renderAt('/user-dashboard/transactions');

    const table = await screen.findByRole('table', { name: caption });
    await within(table).findByText('failed');
    const badges = within(table).getAllByText(/^(completed|pending|failed|cancelled|success|refunded)$/);
    expect(badges.map((b) => [b.textContent, colorPaletteOf(b)])).toEqual([
      ['completed', 'green'],
      ['pending', 'yellow'],
      ['failed', 'red'],
      ['cancelled', 'gray'],
      ['success', 'green'],
      ['refunded', 'yellow'],
    ]);
    expect(statusColorPalette('')).toBe('yellow');
  });

  it("says 'No transactions yet' when the list is empty", async () => {
    stubApi({ 'GET /auth/profile': json(ann), 'GET /wallet/withdrawals': noWithdrawals, 'GET /hoodpay/transactions': json({ data: [], nextCursor: null }) });
    renderAt('/user-dashboard/transactions');
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a loading state until the list answers', async () => {
    let answer: (r: Response) => void = () => {};
    stubApi({
      'GET /auth/profile': json(ann),
      'GET /wallet/withdrawals': noWithdrawals,
      'GET /hoodpay/transactions': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderAt('/user-dashboard/transactions');

    const table = await screen.findByRole('table', { name: caption });
    expect(within(table).getByRole('status')).toHaveTextContent('Loading…');
    answer(Response.json({ data: [topup], nextCursor: null }));
    expect(await within(table).findByText('$25.00')).toBeInTheDocument();
    expect(within(table).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a card dispute\u2019s hold (the available balance below zero) and names the dispute and card refund entries', async () => {
    const disputed = apiUser({ balance: -20, balanceCents: -2000, disputed: 25, disputedCents: 2500, available: -20, availableCents: -2000 });
    const entries = [
      apiTransaction({ id: 'd1', type: 'dispute', amount: -25, amountCents: -2500, status: 'pending', paymentType: 'WALLET', completedAt: null }),
      apiTransaction({ id: 'r1', type: 'card_refund', amount: -5, amountCents: -500, paymentType: 'WALLET' }),
    ];
    stubApi({
      'GET /auth/profile': json(disputed),
      'GET /wallet/withdrawals': noWithdrawals,
      'GET /hoodpay/transactions': json({ data: entries, nextCursor: null }),
    });
    renderAt('/user-dashboard/transactions');

    const table = await screen.findByRole('table', { name: caption });
    expect(await within(table).findByText('Card dispute')).toBeInTheDocument();
    expect(within(table).getByText('Card refund')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Balance: -$20.00 available, $25.00 disputed' })).toHaveTextContent('Balance: -$20.00$25.00 disputed');
    expect(figure('Under dispute')).toHaveTextContent('$25.00');
  });

  it('shows the balance, what is on hold and what is available, and requests a withdrawal of the amount typed', async () => {
    const held = apiUser({ balance: 12.5, balanceCents: 1250, held: 5, heldCents: 500, available: 7.5, availableCents: 750 });
    const request = { id: 'w1', userId: 'u1', user: { name: 'Ann Lee', email: 'ann@example.com' }, amount: 5, amountCents: 500, status: 'pending' };
    const w = {
      ...request,
      createdAt: '2025-03-04T15:06:00.000Z',
      decidedAt: null,
      completedAt: null,
      note: null,
      reason: null,
      refunds: [],
      byHand: 0,
      byHandCents: 0,
    };
    const api = stubApi({
      'GET /auth/profile': json(held),
      'GET /wallet/withdrawals': json({ withdrawals: [w], nextCursor: null }),
      'GET /hoodpay/transactions': json({ data: [], nextCursor: null }),
      'POST /wallet/withdrawals': json(w, 201),
    });
    const user = userEvent.setup();
    renderAt('/user-dashboard/transactions');

    expect(await screen.findByText('$7.50')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();
    // The header and the first card say what can be spent; what is held shows beside it, and the total after.
    expect(screen.getByRole('group', { name: 'Balance: $7.50 available, $5.00 held' })).toHaveTextContent('Balance: $7.50$5.00 held');
    expect(figure('Available')).toHaveTextContent('$7.50');
    expect(figure('On hold')).toHaveTextContent('$5.00');
    expect(figure('Total balance')).toHaveTextContent('$12.50');
    expect(rowTexts('Withdrawal requests')).toEqual([[formatDateTime(w.createdAt), '$5.00', 'pending', '—']]);
    await user.click(screen.getByRole('button', { name: 'Withdraw balance' }));
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), '5');
    await user.click(screen.getByRole('button', { name: 'Request withdrawal' }));

    expect(await screen.findByText('Withdrawal requested')).toBeInTheDocument();
    expect(api.calls('POST /wallet/withdrawals').map((r) => r.body)).toEqual([{ amount: '5' }]);
  });

  it("toasts 'Failed to fetch transactions.' and shows the error in the table", async () => {
    stubApi({ 'GET /auth/profile': json(ann), 'GET /wallet/withdrawals': noWithdrawals, 'GET /hoodpay/transactions': json({ message: 'Forbidden' }, 403) });
    renderAt('/user-dashboard/transactions');

    expect(await screen.findByText('Failed to fetch transactions.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: caption })).getByRole('alert')).toHaveTextContent('Forbidden');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

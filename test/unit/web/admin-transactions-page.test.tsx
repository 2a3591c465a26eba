// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi, type StubRequest } from './api-stub';
import { apiTransaction, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';
import { headerTexts, rowTexts } from './table-rows';

setupPageTests();
beforeEach(() => signInAs({ id: 'a1', name: 'Root Admin', email: 'root@example.com', role: 'admin' }));

const caption = 'All top-up transactions';
const annCard = apiTransaction({ id: 't3', userId: 'u1' });
const bobCrypto = apiTransaction({
  id: 't2',
  userId: 'u2',
  user: { name: 'Bob Stone', email: 'bob@example.com' },
  orderId: 'hp_123',
  amount: 1234.5,
  amountCents: 123450,
  creditType: 'Crypto',
  paymentType: 'CRYPTO',
  status: 'pending',
});
const annBitcoin = apiTransaction({ id: 't1', userId: 'u1', amount: 0.1, amountCents: 10, creditType: 'Bitcoin', paymentType: 'BITCOIN' });

/** Two pages of top-ups: the first ends with cursor `c1`. */
function topupPages({ url }: StubRequest) {
  return url.searchParams.get('cursor') === 'c1'
    ? Response.json({ data: [annBitcoin], nextCursor: null })
    : Response.json({ data: [annCard, bobCrypto], nextCursor: 'c1' });
}

describe('admin transactions page', () => {
  it('lists ID, User ID, Name, Email, Order ID, Amount, Type, Credit Type and Status of every top-up, page by page', async () => {
    const api = stubApi({ 'GET /hoodpay/transactions': topupPages });
    const user = userEvent.setup();
    renderAt('/admin-dashboard/transactions');

    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Bob Stone' });
    expect(headerTexts(caption)).toEqual(['ID', 'User ID', 'Name', 'Email', 'Order ID', 'Amount', 'Type', 'Credit Type', 'Status']);
    expect(rowTexts(caption)).toEqual([
      ['t3', 'u1', 'Ann Lee', 'ann@example.com', '—', '$25.00', 'Top-up', 'Card', 'completed'],
      ['t2', 'u2', 'Bob Stone', 'bob@example.com', 'hp_123', '$1234.50', 'Top-up', 'Crypto', 'pending'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('cell', { name: 'Bitcoin' })).toBeInTheDocument();
    expect(rowTexts(caption)[2]).toEqual(['t1', 'u1', 'Ann Lee', 'ann@example.com', '—', '$0.10', 'Top-up', 'Bitcoin', 'completed']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const queries = api.calls('GET /hoodpay/transactions').map((r) => Object.fromEntries(r.url.searchParams));
    expect(queries[0]).toEqual({ type: 'topup', limit: '50' });
    expect(queries.at(-1)).toEqual({ type: 'topup', limit: '50', cursor: 'c1' });
  });

  it("says 'No transactions yet' when there are none", async () => {
    stubApi({ 'GET /hoodpay/transactions': json({ data: [], nextCursor: null }) });
    renderAt('/admin-dashboard/transactions');
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a loading state until the list answers', async () => {
    stubApi({ 'GET /hoodpay/transactions': () => new Promise<Response>(() => {}) });
    renderAt('/admin-dashboard/transactions');
    const table = await screen.findByRole('table', { name: caption });
    expect(within(table).getByRole('status')).toHaveTextContent('Loading…');
  });

  it("toasts 'Failed to fetch transactions' with the server's message", async () => {
    stubApi({ 'GET /hoodpay/transactions': json({ message: 'Forbidden' }, 403) });
    renderAt('/admin-dashboard/transactions');

    expect(await screen.findByText('Failed to fetch transactions')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: caption })).getByRole('alert')).toHaveTextContent('Forbidden');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("falls back to 'Please try again later' when the server says nothing", async () => {
    stubApi({ 'GET /hoodpay/transactions': () => new Response('', { status: 403 }) });
    renderAt('/admin-dashboard/transactions');

    expect(await screen.findByText('Failed to fetch transactions')).toBeInTheDocument();
    expect(screen.getByText('Please try again later')).toBeInTheDocument();
  });
});

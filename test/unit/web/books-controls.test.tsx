// @vitest-environment jsdom
/**
 * The receipt button and the Export CSV control (issue 17), on the Wallet page: a completed entry's
 * receipt is fetched as /receipts/<id>.pdf with the session and saved; the export sends the chosen
 * days, refuses an inverted range before asking, and shows the server's 400 under To.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_RANGE_MESSAGE } from '@domain/schemas/exports';
import { json, stubApi, type StubAnswer } from './api-stub';
import { apiTransaction, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
const ann = apiUser();
const topup = apiTransaction({ id: '01HZZZZZZZZZZZZZZZZZZZZZZZ', createdAt: '2025-03-04T15:06:00.000Z' });
let saved: string[];

beforeEach(() => {
  signInAs(ann);
  saved = [];
  // jsdom has no object URLs and cannot download: record the names the browser would have saved.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function walletWith(extra: Record<string, StubAnswer>) {
  const api = stubApi({
    'GET /auth/profile': json(ann),
    'GET /wallet/withdrawals': json({ withdrawals: [], nextCursor: null }),
    'GET /hoodpay/transactions': json({ data: [topup], nextCursor: null }),
    ...extra,
  });
  renderAt('/user-dashboard/transactions');
  return { api, user: userEvent.setup() };
}

const csv = () => new Response('\uFEFFentryId\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });

describe('receipts and exports on the Wallet page', () => {
  it("downloads a completed entry's receipt as receipt-<id>.pdf", async () => {
    const { api, user } = walletWith({
      [`GET /receipts/${topup.id}.pdf`]: () => new Response(new Uint8Array([0x25, 0x50]), { headers: { 'Content-Type': 'application/pdf' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download receipt for Top-up of $25.00' }));

    await waitFor(() => expect(saved).toEqual([`receipt-${topup.id}.pdf`]));
    expect(api.calls(`GET /receipts/${topup.id}.pdf`)[0]?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('exports the chosen days, and refuses an inverted range without asking', async () => {
    const { api, user } = walletWith({ 'GET /exports/transactions.csv': csv });
    const form = await screen.findByRole('form', { name: 'Export transactions as CSV' });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    await user.type(from, '2025-03-05');
    await user.type(to, '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(EXPORT_RANGE_MESSAGE)).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('GET /exports/transactions.csv')).toHaveLength(0);

    await user.clear(to);
    await user.type(to, '2025-03-31');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['prepaidship-transactions-2025-03-05_2025-03-31.csv']));
    expect(Object.fromEntries(api.calls('GET /exports/transactions.csv')[0]!.url.searchParams)).toEqual({ from: '2025-03-05', to: '2025-03-31' });
    expect(screen.queryByText(EXPORT_RANGE_MESSAGE)).not.toBeInTheDocument();
    expect(form).toBeInTheDocument();
  });

  it("shows the server's 400 under To", async () => {
    const message = 'This export would have more than 10,000 rows; choose a shorter date range';
    const { user } = walletWith({ 'GET /exports/transactions.csv': json({ message }, 400) });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

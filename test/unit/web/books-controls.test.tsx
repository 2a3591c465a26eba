// @vitest-environment jsdom
/**
 * The receipt button and the Export CSV button: a completed entry's receipt is fetched as
 * /receipts/<id>.pdf with the session and saved. The export has no days of its own on the Wallet and
 * Shipping Labels pages: it downloads the filter bar's days (only those: the export route
 * takes no other filter), its name says which, and the server's 400 shows under it.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_RANGE_MESSAGE } from '@domain/schemas/exports';
import { json, stubApi, type StubAnswer } from './api-stub';
import { labelsPageApi } from './label-dialog';
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

function walletWith(extra: Record<string, StubAnswer>, path = '/user-dashboard/transactions') {
  const api = stubApi({
    'GET /auth/profile': json(ann),
    'GET /wallet/withdrawals': json({ withdrawals: [], nextCursor: null }),
    'GET /hoodpay/transactions': json({ data: [topup], nextCursor: null }),
    ...extra,
  });
  const router = renderAt(path);
  return { api, router, user: userEvent.setup() };
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

  it("exports the filter bar's days and only them, its name saying which; an inverted range exports all days, as the list shows", async () => {
    const { api, router, user } = walletWith({ 'GET /exports/transactions.csv': csv });
    const bar = await screen.findByRole('search', { name: 'Filter transactions' });
    // One date range on the page: the filter bar's.
    expect(screen.getAllByLabelText('From')).toEqual([within(bar).getByLabelText('From')]);
    expect(screen.getAllByLabelText('To')).toHaveLength(1);
    const exportAll = screen.getByRole('button', { name: 'Export CSV (all days)' });
    expect(exportAll).toHaveAccessibleDescription("Days from the filters above; type and status don't narrow the file.");

    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Type' }), 'topup');
    await user.type(within(bar).getByLabelText('From'), '2025-03-05');
    await user.type(within(bar).getByLabelText('To'), '2025-03-31');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2025-03-31'));
    await user.click(screen.getByRole('button', { name: 'Export CSV (Mar 5, 2025 to Mar 31, 2025)' }));
    await waitFor(() => expect(saved).toEqual(['prepaidship-transactions-2025-03-05_2025-03-31.csv']));
    expect(Object.fromEntries(api.calls('GET /exports/transactions.csv')[0]!.url.searchParams)).toEqual({ from: '2025-03-05', to: '2025-03-31' });
    expect(api.calls('GET /exports/transactions.csv')[0]?.headers.Authorization).toMatch(/^Bearer /);

    // To before From: the bar shows the error, the list and the export leave the range out.
    await user.clear(within(bar).getByLabelText('To'));
    await user.type(within(bar).getByLabelText('To'), '2025-03-01');
    expect(within(bar).getByText(EXPORT_RANGE_MESSAGE)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Export CSV (all days)' }));
    await waitFor(() => expect(saved).toEqual(['prepaidship-transactions-2025-03-05_2025-03-31.csv', 'prepaidship-transactions-all.csv']));
    expect(Object.fromEntries(api.calls('GET /exports/transactions.csv')[1]!.url.searchParams)).toEqual({});
  });

  it("shows the server's 400 under the button, until other days are chosen", async () => {
    const message = 'This export would have more than 10,000 rows; choose a shorter date range';
    const { user } = walletWith({ 'GET /exports/transactions.csv': json({ message }, 400) });
    await user.click(await screen.findByRole('button', { name: 'Export CSV (all days)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Export CSV (all days)' })).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(saved).toEqual([]);

    await user.type(within(screen.getByRole('search', { name: 'Filter transactions' })).getByLabelText('From'), '2025-03-05');
    await screen.findByRole('button', { name: 'Export CSV (from Mar 5, 2025)' });
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });
});

describe('the export on the Shipping Labels page', () => {
  it("downloads the shared link's days, not its search or status, and has no date fields of its own", async () => {
    const api = stubApi({ ...labelsPageApi(), 'GET /exports/orders.csv': csv });
    renderAt('/user-dashboard?q=brown&status=delivered&from=2026-03-01&to=2026-03-01');
    const bar = await screen.findByRole('search', { name: 'Filter shipments' });
    expect(screen.getAllByLabelText('From')).toEqual([within(bar).getByLabelText('From')]);

    const button = screen.getByRole('button', { name: 'Export CSV (Mar 1, 2026)' });
    expect(button).toHaveAccessibleDescription("Days from the filters above; search and status don't narrow the file.");
    await userEvent.setup().click(button);
    await waitFor(() => expect(saved).toEqual(['prepaidship-orders-2026-03-01_2026-03-01.csv']));
    expect(Object.fromEntries(api.calls('GET /exports/orders.csv')[0]!.url.searchParams)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
});

describe("the export on the admin's Transactions page", () => {
  it("has one From/To of its own (no filter bar there) and exports every user's top-ups of those days", async () => {
    signInAs({ id: 'a1', name: 'Root Admin', email: 'root@example.com', role: 'admin' });
    const api = stubApi({ 'GET /hoodpay/transactions': json({ data: [topup], nextCursor: null }), 'GET /exports/transactions.csv': csv });
    renderAt('/admin-dashboard/transactions');
    const group = await screen.findByRole('group', { name: "Export every user's top-ups as CSV" });
    expect(screen.getAllByLabelText('From')).toHaveLength(1);

    const user = userEvent.setup();
    await user.type(within(group).getByLabelText('From'), '2025-03-05');
    await user.click(within(group).getByRole('button', { name: 'Export CSV (from Mar 5, 2025)' }));
    await waitFor(() => expect(saved).toEqual(['prepaidship-topups-all-users-from-2025-03-05.csv']));
    expect(Object.fromEntries(api.calls('GET /exports/transactions.csv')[0]!.url.searchParams)).toEqual({ from: '2025-03-05', scope: 'all' });
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_RANGE_MESSAGE } from '@domain/schemas/exports';
import { json, stubApi, type StubRequest } from './api-stub';
import { labelsPageApi } from './label-dialog';
import { apiOrder, apiTransaction, apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const brown = apiOrder({ shipOrderId: 'o2', toName: 'Alice Brown', tracking: '9400100000000000000022' });
const other = apiOrder({ shipOrderId: 'o1', toName: 'Carl Diaz', tracking: '9400100000000000000011' });

/** Answers the orders whose recipient's name holds `q` (as the server would), with the query it got. */
function ordersByName({ url }: StubRequest) {
  const q = url.searchParams.get('q')?.toLowerCase() ?? '';
  const status = url.searchParams.get('status');
  const orders = status ? [] : [brown, other].filter((o) => o.toName.toLowerCase().includes(q));
  return Response.json({ orders, nextCursor: null, totalOrders: 2 });
}
const queries = (api: ReturnType<typeof stubApi>, key: string) => api.calls(key).map((r) => Object.fromEntries(r.url.searchParams));
const bar = (name: string) => screen.getByRole('search', { name });

describe('shipment filters', () => {
  it('searches after typing pauses, keeps the filters in the URL, says when nothing matches, and clears', async () => {
    const api = stubApi({ ...labelsPageApi(), 'GET /shipping/orders': ordersByName });
    const router = renderAt('/user-dashboard');
    const user = userEvent.setup();
    await screen.findByText('9400100000000000000011');
    expect(queries(api, 'GET /shipping/orders')[0]).toEqual({ limit: '50' });
    const filters = bar('Filter shipments');
    expect(within(filters).getByRole('button', { name: 'Clear filters' })).toBeDisabled();

    await user.type(within(filters).getByRole('searchbox', { name: 'Search' }), 'brown');
    // Both at once: while the filtered page loads, the list is briefly empty (the first row gone, the match not there yet).
    await waitFor(() => {
      expect(screen.queryByText('9400100000000000000011')).not.toBeInTheDocument();
      expect(screen.getByText('9400100000000000000022')).toBeInTheDocument();
    });
    expect(router.state.location.search).toBe('?q=brown');
    // One request for the whole word, not one a keystroke.
    expect(queries(api, 'GET /shipping/orders').filter((q) => q.q)).toEqual([{ q: 'brown', limit: '50' }]);

    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'delivered');
    expect(await screen.findByText('No shipments match these filters')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('delivered');
    expect(queries(api, 'GET /shipping/orders').at(-1)).toEqual({ q: 'brown', status: 'delivered', limit: '50' });

    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('9400100000000000000011')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(within(filters).getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    // Four filter states, each a lazy render and a fetch, and a debounce: more than 5 s on a loaded CI machine.
  }, 20_000);

  it('opens with the filters of a shared link and follows the back button', async () => {
    const api = stubApi({ ...labelsPageApi(), 'GET /shipping/orders': ordersByName });
    const router = renderAt('/user-dashboard?q=carl&from=2026-03-01');
    await screen.findByText('9400100000000000000011');
    expect(queries(api, 'GET /shipping/orders')[0]).toEqual({ q: 'carl', from: '2026-03-01', limit: '50' });
    expect(within(bar('Filter shipments')).getByRole('searchbox', { name: 'Search' })).toHaveValue('carl');

    await userEvent.setup().selectOptions(within(bar('Filter shipments')).getByRole('combobox', { name: 'Status' }), 'refunded');
    await screen.findByText('No shipments match these filters');
    await router.navigate(-1);
    expect(await screen.findByText('9400100000000000000011')).toBeInTheDocument();
    expect(within(bar('Filter shipments')).getByRole('combobox', { name: 'Status' })).toHaveValue('');
  });

  it('shows a To before From as an error and leaves the range out of the query', async () => {
    const api = stubApi({ ...labelsPageApi(), 'GET /shipping/orders': ordersByName });
    renderAt('/user-dashboard?from=2026-03-05&to=2026-03-01');

    const filters = await screen.findByRole('search', { name: 'Filter shipments' });
    expect(within(filters).getByText(EXPORT_RANGE_MESSAGE)).toBeInTheDocument();
    await screen.findByText('9400100000000000000011');
    expect(queries(api, 'GET /shipping/orders')[0]).toEqual({ limit: '50' });
  });
});

describe('transaction filters', () => {
  it('asks for the chosen type, status and days, and says when nothing matches', async () => {
    const api = stubApi({
      'GET /auth/profile': json(apiUser()),
      'GET /wallet/withdrawals': json({ withdrawals: [], nextCursor: null }),
      'GET /hoodpay/transactions': ({ url }) =>
        Response.json({ data: url.searchParams.get('status') === 'failed' ? [] : [apiTransaction({ id: 't1' })], nextCursor: null }),
    });
    const router = renderAt('/user-dashboard/transactions');
    const user = userEvent.setup();
    await screen.findByText('$25.00');
    const filters = bar('Filter transactions');

    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Type' }), 'topup');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'failed');
    expect(await screen.findByText('No transactions match these filters')).toBeInTheDocument();
    expect(queries(api, 'GET /hoodpay/transactions').at(-1)).toEqual({ type: 'topup', status: 'failed', limit: '50' });
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('topup');
  });

  it('keeps both of two changes made before the page renders again (a busy phone, a quick hand)', async () => {
    const api = stubApi({
      'GET /auth/profile': json(apiUser()),
      'GET /wallet/withdrawals': json({ withdrawals: [], nextCursor: null }),
      'GET /hoodpay/transactions': json({ data: [apiTransaction({ id: 't1' })], nextCursor: null }),
    });
    const router = renderAt('/user-dashboard/transactions?type=refund');
    await screen.findByText('$25.00');
    const filters = bar('Filter transactions');

    // One act: React renders once after both, as when the second comes before the first's render.
    act(() => {
      fireEvent.change(within(filters).getByRole('combobox', { name: 'Type' }), { target: { value: '' } });
      fireEvent.change(within(filters).getByRole('combobox', { name: 'Status' }), { target: { value: 'pending' } });
    });
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    expect(within(filters).getByRole('combobox', { name: 'Type' })).toHaveValue('');
    await waitFor(() => expect(queries(api, 'GET /hoodpay/transactions').at(-1)).toEqual({ status: 'pending', limit: '50' }));
  });
});

// @vitest-environment jsdom
/**
 * The insights on their pages: the Savings card on Shipping Labels, the wallet's balance
 * over time, each chart an image named by its title with the same figures in a table behind "Show
 * as table"; a side figure that cannot be loaded says so in one quiet line and nothing else breaks.
 * jsdom draws no canvas: the chart's table carries the figures here.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from './api-stub';
import { labelsPageApi } from './label-dialog';
import { apiUser, setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
beforeEach(() => signInAs(apiUser()));

const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  savedCents: i === 11 ? 460 : 0,
  labels: i === 11 ? 2 : 0,
}));
const savings = { thisMonthCents: 460, totalCents: 1125, labels: 5, retailCents: 4125, paidCents: 3000, months };
const days = Array.from({ length: 90 }, (_, i) => ({
  day: new Date(Date.UTC(2026, 7, 28 + i)).toISOString().slice(0, 10),
  balanceCents: i < 88 ? 0 : 1300,
}));

const statValue = (region: HTMLElement, label: string) =>
  within(within(region).getByText(label, { selector: 'dt' }).closest('dl') as HTMLElement).getAllByRole('definition')[0];

describe('Savings card', () => {
  it('shows saved this month and in total, and the months as a table on demand', async () => {
    stubApi({ ...labelsPageApi(), 'GET /shipping/savings': json(savings) });
    renderAt('/user-dashboard');
    const region = await screen.findByRole('region', { name: 'Savings' });
    expect(await within(region).findByText('$4.60')).toBeInTheDocument();
    expect(statValue(region, 'Saved this month')).toHaveTextContent('$4.60');
    expect(statValue(region, 'Saved in total')).toHaveTextContent('$11.25');
    expect(region).toHaveTextContent('5 labels, $41.25 at USPS retail');

    const figure = within(region).getByRole('figure', { name: 'Saved by month' });
    expect(within(figure).getByRole('img', { name: /^Saved by month \(chart/ })).toBeInTheDocument();
    expect(within(figure).queryByRole('table')).not.toBeInTheDocument();
    const toggle = within(figure).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const table = within(figure).getByRole('table', { name: 'Saved by month' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: 'Dec 2026 $4.60' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Jan 2026 $0.00' })).toBeInTheDocument();
    await userEvent.click(within(figure).getByRole('button', { name: 'Hide table' }));
    expect(within(figure).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says in one quiet line that the savings could not be loaded, and the shipments still show', async () => {
    stubApi({ ...labelsPageApi(), 'GET /shipping/savings': json({ message: 'Something went wrong. Please try again.' }, 500) });
    renderAt('/user-dashboard');
    expect(await screen.findByText('Your savings could not be loaded right now.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Savings' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Shipments' })).toBeInTheDocument();
  });
});

describe('Balance over time', () => {
  it('draws 90 days and lists them, today last', async () => {
    stubApi({
      'GET /auth/profile': json(apiUser()),
      'GET /wallet/withdrawals': json({ withdrawals: [], nextCursor: null }),
      'GET /hoodpay/transactions': json({ data: [], nextCursor: null }),
      'GET /wallet/balance-history': json({ days }),
    });
    renderAt('/user-dashboard/transactions');
    const region = await screen.findByRole('region', { name: 'Balance over time' });
    const figure = await within(region).findByRole('figure', { name: 'Balance at the end of each day' });
    await userEvent.click(within(figure).getByRole('button', { name: 'Show as table' }));
    const rows = within(within(figure).getByRole('table', { name: 'Balance at the end of each day' })).getAllByRole('row');
    expect(rows).toHaveLength(91);
    expect(rows.at(-1)).toHaveTextContent('Nov 25, 2026$13.00');
    expect(rows[1]).toHaveTextContent('Aug 28, 2026$0.00');
  });

  it('reads the history again when the balance moved away from its last point (a top-up settled), once', async () => {
    const api = stubApi({
      'GET /auth/profile': json(apiUser({ balance: 38, balanceCents: 3800 })),
      'GET /wallet/withdrawals': json({ withdrawals: [], nextCursor: null }),
      'GET /hoodpay/transactions': json({ data: [], nextCursor: null }),
      'GET /wallet/balance-history': json({ days }),
    });
    renderAt('/user-dashboard/transactions');
    await screen.findByRole('figure', { name: 'Balance at the end of each day' });
    await waitFor(() => expect(api.calls('GET /wallet/balance-history')).toHaveLength(2));
    // Still $13.00 at the end: not asked a third time for the same balance.
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls('GET /wallet/balance-history')).toHaveLength(2);
  });
});

// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from './api-stub';
import { setupPageTests, signInAs } from './page-test-setup';
import { renderAt } from './render-route';

setupPageTests();
beforeEach(() => signInAs({ id: 'a1', name: 'Root Admin', email: 'root@example.com', role: 'admin' }));

/** GET /admin/stats as the server answers it. */
const stats = {
  users: 42,
  labels: { total: 1310, last7Days: 17 },
  topUps: { last7Days: { count: 3, cents: 123450, dollars: 1234.5 } },
  balances: { cents: 98765, dollars: 987.65 },
  realLabels: { count: 0, revenue: { cents: 0, dollars: 0 }, carrierCost: { cents: 0, dollars: 0 }, margin: { cents: 0, dollars: 0, percent: null } },
  carriedRefunds: { count: 0, cents: 0, dollars: 0 },
  window: { from: '2025-03-01', to: '2025-03-07' },
  // The charts' 30 UTC days, today's 2 labels and one $25 top-up.
  days: Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2025, 1, 6 + i)).toISOString().slice(0, 10),
    ...(i === 29 ? { labels: 2, topUps: 1, topUpCents: 2500 } : { labels: 0, topUps: 0, topUpCents: 0 }),
  })),
};
const realLabels = (revenue: number, cost: number, percent: number | null) => ({
  count: 3,
  revenue: { cents: revenue, dollars: revenue / 100 },
  carrierCost: { cents: cost, dollars: cost / 100 },
  margin: { cents: revenue - cost, dollars: (revenue - cost) / 100, percent },
});

/** The figure of the card titled `label` (its first `<dd>`; the line under it is the second), and all its text. */
function card(label: string) {
  const list = screen.getByText(label, { selector: 'dt' }).closest('dl') as HTMLElement;
  return { value: within(list).getAllByRole('definition')[0]?.textContent, text: list.textContent };
}

describe('admin dashboard page', () => {
  it('shows users, labels, last week’s top-ups and the sum of all balances, money from cents', async () => {
    const api = stubApi({ 'GET /admin/stats': json(stats) });
    renderAt('/admin-dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(card('Users').value).toBe('42');
    expect(card('Labels created').value).toBe('1310');
    expect(card('Labels created').text).toContain('17 in the last 7 days');
    expect(card('Top-ups, last 7 days').value).toBe('$1234.50');
    expect(card('Top-ups, last 7 days').text).toContain('3 top-ups');
    expect(card('Balances').value).toBe('$987.65');
    expect(screen.getByText(/Last 7 days: 2025-03-01 to 2025-03-07/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.calls('GET /admin/stats')).toHaveLength(1);
  });

  it('says there are no real labels yet, and shows no margin figures, while every label is a sandbox one', async () => {
    stubApi({ 'GET /admin/stats': json(stats) });
    renderAt('/admin-dashboard');

    const section = await screen.findByRole('region', { name: 'Margin on real labels' });
    expect(section).toHaveTextContent(/^Margin on real labelsNo real labels yet\. Labels from the sandbox carrier are samples/);
    for (const label of ['Real labels', 'Revenue', 'Carrier cost', 'Margin', 'Refunds we carried'])
      expect(screen.queryByText(label, { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows the refunds we carried without real labels once there are some (sandbox labels credited early, then rejected)', async () => {
    stubApi({ 'GET /admin/stats': json({ ...stats, carriedRefunds: { count: 1, cents: 600, dollars: 6 } }) });
    renderAt('/admin-dashboard');

    const section = await screen.findByRole('region', { name: 'Margin on real labels' });
    expect(section).toHaveTextContent(/No real labels yet/);
    expect(card('Refunds we carried').value).toBe('$6.00');
    expect(card('Refunds we carried').text).toContain('1 label credited at the refund request');
  });

  it('shows the real labels, their revenue, carrier cost and margin with its share of revenue', async () => {
    stubApi({ 'GET /admin/stats': json({ ...stats, realLabels: realLabels(1800, 1523, 15.4) }) });
    renderAt('/admin-dashboard');

    expect(await screen.findByText('$2.77')).toBeInTheDocument();
    expect(card('Real labels').value).toBe('3');
    expect(card('Revenue').value).toBe('$18.00');
    expect(card('Carrier cost').value).toBe('$15.23');
    expect(card('Margin').value).toBe('$2.77');
    expect(card('Margin').text).toContain('15.4% of revenue');
    expect(screen.queryByText(/No real labels yet/)).not.toBeInTheDocument();
  });

  it('shows the refunds we carried beside the margin: labels credited at the refund request whose refund the carrier rejected', async () => {
    stubApi({ 'GET /admin/stats': json({ ...stats, realLabels: realLabels(1800, 1523, 15.4), carriedRefunds: { count: 2, cents: 1250, dollars: 12.5 } }) });
    renderAt('/admin-dashboard');

    const section = await screen.findByRole('region', { name: 'Margin on real labels' });
    await within(section).findByText('$12.50');
    expect(card('Refunds we carried').value).toBe('$12.50');
    expect(card('Refunds we carried').text).toContain('2 labels credited at the refund request, then rejected by the carrier');
  });

  it('shows a loss as a negative margin', async () => {
    stubApi({ 'GET /admin/stats': json({ ...stats, realLabels: realLabels(600, 747, -24.5) }) });
    renderAt('/admin-dashboard');

    expect(await screen.findByText('-$1.47')).toBeInTheDocument();
    expect(card('Margin').text).toContain('-24.5% of revenue');
  });

  it('says "1 top-up" for a single one', async () => {
    stubApi({ 'GET /admin/stats': json({ ...stats, topUps: { last7Days: { count: 1, cents: 500, dollars: 5 } } }) });
    renderAt('/admin-dashboard');
    expect(await screen.findByText('$5.00')).toBeInTheDocument();
    expect(card('Top-ups, last 7 days').text).toContain('1 top-up');
    expect(card('Top-ups, last 7 days').text).not.toContain('1 top-ups');
  });

  it('shows a loading state, and the cards without figures, until the figures arrive', async () => {
    stubApi({ 'GET /admin/stats': () => new Promise<Response>(() => {}) });
    renderAt('/admin-dashboard');

    expect((await screen.findByText('Loading figures…')).closest('[role="status"]')).toBeInTheDocument();
    for (const label of ['Users', 'Labels created', 'Top-ups, last 7 days', 'Balances']) expect(card(label).value).toBe('—');
    expect(screen.queryByText(/Last 7 days:/)).not.toBeInTheDocument();
  });

  it("shows the server's message with Retry when the figures cannot be loaded, and Retry loads them", async () => {
    const api = stubApi({ 'GET /admin/stats': json({ message: 'Stats are resting' }, 503) });
    const user = userEvent.setup();
    renderAt('/admin-dashboard');

    // SWR retries a 5xx a few times with a growing delay; the error shows once the first attempt failed.
    expect(await screen.findByRole('alert')).toHaveTextContent('Stats are resting');
    expect(screen.queryByText('Users', { selector: 'dt' })).not.toBeInTheDocument();

    api.set('GET /admin/stats', json(stats));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('$987.65')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to its own message when the server sends none', async () => {
    stubApi({ 'GET /admin/stats': () => new Response('', { status: 403 }) });
    renderAt('/admin-dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard figures could not be loaded.');
  });
});

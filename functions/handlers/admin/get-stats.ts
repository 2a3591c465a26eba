/**
 * GET /admin/stats: the admin dashboard's figures. One BatchGet over the running counters that the
 * money and label transactions keep (functions/data/stats.ts), never a Scan, so it stays cheap
 * however many users and labels there are. Cents are exact; dollars are for display.
 */
import { centsToDollars } from '../../../domain/money';
import { getStats } from '../../data/stats';
import { api } from '../../http/handler';

export const handler = api('GET /admin/stats', async function getAdminStats() {
  const s = await getStats();
  return {
    users: s.users,
    labels: { total: s.labels, last7Days: s.window.labels },
    topUps: { last7Days: { count: s.window.topUps, cents: s.window.topUpCents, dollars: Number(centsToDollars(s.window.topUpCents)) } },
    balances: { cents: s.balanceCents, dollars: Number(centsToDollars(s.balanceCents)) },
    window: { from: s.window.from, to: s.window.to },
  };
});

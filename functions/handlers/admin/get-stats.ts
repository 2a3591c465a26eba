/**
 * GET /admin/stats: the admin dashboard's figures. One BatchGet over the running counters that the
 * money and label transactions keep (functions/data/stats.ts), never a Scan, so it stays cheap
 * however many users and labels there are. Cents are exact; dollars are for display. The margin is
 * on real labels only (a carrier cost recorded), so sandbox labels never look like profit; the
 * refunds we carried (credited early, then rejected by the carrier) stand beside it.
 */
import { marginPercent } from '../../../domain/admin-stats';
import { centsToDollars } from '../../../domain/money';
import { getStats } from '../../data/stats';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

const money = (cents: number) => ({ cents, dollars: Number(centsToDollars(cents)) });

export const handler = api(route.getAdminStats, async function getAdminStats() {
  const s = await getStats();
  const margin = s.realLabels.revenueCents - s.realLabels.costCents;
  return {
    users: s.users,
    labels: { total: s.labels, last7Days: s.window.labels },
    topUps: { last7Days: { count: s.window.topUps, ...money(s.window.topUpCents) } },
    balances: money(s.balanceCents),
    realLabels: {
      count: s.realLabels.count,
      revenue: money(s.realLabels.revenueCents),
      carrierCost: money(s.realLabels.costCents),
      margin: { ...money(margin), percent: marginPercent(margin, s.realLabels.revenueCents) },
    },
    carriedRefunds: { count: s.carriedRefunds.count, ...money(s.carriedRefunds.cents) },
    window: { from: s.window.from, to: s.window.to },
    days: s.days,
  };
});

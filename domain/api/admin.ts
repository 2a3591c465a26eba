/**
 * GET /admin/stats: the admin dashboard's figures (docs/api.md). Cents are exact, dollars for
 * display; the last 7 days are `window.from` to `window.to`, UTC days, both included.
 */
export interface AdminStats {
  users: number;
  labels: { total: number; last7Days: number };
  topUps: { last7Days: { count: number; cents: number; dollars: number } };
  /** The sum of every wallet balance. */
  balances: { cents: number; dollars: number };
  /**
   * All time, labels a carrier charged us for (sandbox labels cost nothing and are not here): what
   * customers paid, what the carrier charged, and the difference; `percent` is the margin as a
   * share of revenue with one decimal, null while there is no revenue.
   */
  realLabels: {
    count: number;
    revenue: { cents: number; dollars: number };
    carrierCost: { cents: number; dollars: number };
    margin: { cents: number; dollars: number; percent: number | null };
  };
  window: { from: string; to: string };
}

/** Margin as a share of revenue, in percent with one decimal (integer arithmetic), or null without revenue. */
export function marginPercent(marginCents: number, revenueCents: number): number | null {
  if (revenueCents <= 0) return null;
  return Math.round((marginCents * 1000) / revenueCents) / 10;
}

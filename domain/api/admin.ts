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
  window: { from: string; to: string };
}

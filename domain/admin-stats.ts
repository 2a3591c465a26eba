/**
 * The admin dashboard's pure figures: how many days its charts cover and the
 * margin's share of revenue. Apart from the answer's schema (domain/api/admin.ts) so the Lambdas
 * that count and answer them do not bundle zod for it.
 */

/** How many days the dashboard's charts cover; the stats' day shards live 40 days. */
export const ADMIN_CHART_DAYS = 30;

/** Margin as a share of revenue, in percent with one decimal (integer arithmetic), or null without revenue. */
export function marginPercent(marginCents: number, revenueCents: number): number | null {
  if (revenueCents <= 0) return null;
  return Math.round((marginCents * 1000) / revenueCents) / 10;
}

/**
 * GET /admin/stats: the admin dashboard's figures (docs/api.md). Cents are exact, dollars for
 * display; the last 7 days are `window.from` to `window.to`, UTC days, both included. The figures
 * Lambdas compute with are in ../admin-stats.ts (no zod there).
 */
import * as z from 'zod';
import { ADMIN_CHART_DAYS } from '../admin-stats';

const amount = () => z.object({ cents: z.number().int(), dollars: z.number() });

/** One UTC day of the dashboard's charts: labels created and top-ups settled that day. */
export const adminStatsDaySchema = z
  .object({ day: z.string().meta({ description: 'YYYY-MM-DD (UTC).' }), labels: z.number().int(), topUps: z.number().int(), topUpCents: z.number().int() })
  .meta({ id: 'AdminStatsDay' });
export type AdminStatsDay = z.infer<typeof adminStatsDaySchema>;

export const adminStatsSchema = z
  .object({
    users: z.number().int(),
    labels: z.object({ total: z.number().int(), last7Days: z.number().int() }),
    topUps: z.object({ last7Days: z.object({ count: z.number().int(), cents: z.number().int(), dollars: z.number() }) }),
    balances: amount().meta({ description: 'The sum of every wallet balance.' }),
    realLabels: z
      .object({
        count: z.number().int(),
        revenue: amount(),
        carrierCost: amount(),
        margin: z.object({ cents: z.number().int(), dollars: z.number(), percent: z.number().nullable() }),
      })
      .meta({
        description:
          'All time, labels a carrier charged us for (sandbox labels cost nothing and are not here): what customers paid, what the carrier charged, and the difference; `percent` is the margin as a share of revenue with one decimal, null while there is no revenue.',
      }),
    carriedRefunds: z.object({ count: z.number().int(), cents: z.number().int(), dollars: z.number() }).meta({
      description:
        "All time, refunds we carried: labels credited to the wallet when their refund was asked (never downloaded, so never printed) whose refund the carrier then rejected, and the prices credited. A real label's carrier cost stays in `realLabels.carrierCost`: the carrier kept it.",
    }),
    window: z.object({ from: z.string(), to: z.string() }).meta({ description: 'The last 7 days: UTC days, both included.' }),
    days: z
      .array(adminStatsDaySchema)
      .meta({ description: `The last ${ADMIN_CHART_DAYS} UTC days, oldest first (today last, so far), days without labels or top-ups as zeros.` }),
  })
  .meta({ id: 'AdminStats' });
export type AdminStats = z.infer<typeof adminStatsSchema>;

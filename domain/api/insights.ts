/**
 * The insights' answers: the shipper's savings against the USPS retail rate and
 * the wallet's balance over time (docs/api.md, Insights); the admin's 30 days are in ./admin.ts.
 * How many months and days they cover is in ../insights.ts, with the figures the Lambdas compute
 * (no zod there, so those Lambdas bundle none).
 */
import * as z from 'zod';
import { BALANCE_HISTORY_DAYS, SAVINGS_MONTHS } from '../insights';

export const savingsMonthSchema = z
  .object({
    month: z.string().meta({ description: 'YYYY-MM, a US Eastern calendar month.' }),
    savedCents: z.number().int(),
    labels: z.number().int(),
  })
  .meta({ id: 'SavingsMonth' });
export type SavingsMonth = z.infer<typeof savingsMonthSchema>;

export const savingsAnswerSchema = z
  .object({
    thisMonthCents: z.number().int().meta({ description: 'Saved on labels bought this US Eastern month, net of refunds.' }),
    totalCents: z.number().int().meta({ description: 'Saved on every label bought, net of refunds.' }),
    labels: z.number().int().meta({ description: 'Labels counted (bought and not refunded).' }),
    retailCents: z.number().int().meta({ description: 'What those labels cost at the USPS retail rate.' }),
    paidCents: z.number().int().meta({ description: 'What the shipper paid for them.' }),
    months: z.array(savingsMonthSchema).meta({ description: `The last ${SAVINGS_MONTHS} months, oldest first, months without labels as zeros.` }),
  })
  .meta({
    id: 'Savings',
    description:
      "What the shipper saved against the USPS retail rate (SPEC's comparison formula by weight, rounded half up to the cent) minus what they paid, counted in the month the label was bought.",
  });
export type SavingsAnswer = z.infer<typeof savingsAnswerSchema>;

export const balanceDaySchema = z
  .object({
    day: z.string().meta({ description: 'YYYY-MM-DD, a US Eastern calendar day.' }),
    balanceCents: z.number().int().meta({ description: "The spendable balance at the day's close (today: now)." }),
  })
  .meta({ id: 'BalanceDay' });
export type BalanceDay = z.infer<typeof balanceDaySchema>;

export const balanceHistorySchema = z
  .object({ days: z.array(balanceDaySchema).meta({ description: `The last ${BALANCE_HISTORY_DAYS} days, oldest first.` }) })
  .meta({ id: 'BalanceHistory' });
export type BalanceHistory = z.infer<typeof balanceHistorySchema>;

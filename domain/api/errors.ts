/**
 * The one shape of every error answer (functions/http/handler.ts's error mapping, the local front's
 * and API Gateway's own refusals): a message written for people, per-field messages on a 400, and
 * the request id on an unexpected 500 so a person can quote it.
 */
import * as z from 'zod';

export const apiErrorSchema = z
  .object({
    message: z.string().meta({ description: 'What went wrong, written for the person using the app: show it as it is.' }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'A 400 for bad input: one message per field, keyed by the field\'s path in the body ("from.zip").' }),
    requestId: z.string().optional().meta({ description: 'An unexpected 500: the request id to quote to support.' }),
    shortfallCents: z.number().int().optional().meta({
      description:
        "A 402 for a label bought with credits: what a card must pay for it to go through (the balance's shortfall, at least the card minimum of $0.50); send `payShortfall: true` to pay it.",
    }),
    priceCents: z.number().int().optional().meta({
      description: "A 409 for a purchase whose quote expired or no longer matches the form: the row's new price in `quote`, when it is still offered.",
    }),
    quote: z.unknown().optional().meta({
      description:
        'A 409 for a purchase whose quote expired or no longer matches the form: a fresh quote (the answer of POST /shipping/rates) to confirm and buy from.',
    }),
    batch: z.unknown().optional().meta({
      description:
        'A 409 for a batch purchase whose rows were quoted again (their quotes had expired) and changed price or availability: the batch as now stored (the answer of GET /shipping/batches/{batchId}), its new total to confirm by buying again. Nothing was charged.',
    }),
  })
  .meta({ id: 'Error' });
export type ApiErrorAnswer = z.infer<typeof apiErrorSchema>;

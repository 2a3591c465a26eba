/**
 * POST /shipping/orders/{shipOrderId}/return: a prepaid return label for one of the caller's
 * shipments (docs/decisions/0217-return-labels.md). The parcel and addresses are the outbound's, read
 * on the server; the body names only the quote, how it is paid and who gets it by mail.
 */
import * as z from './zod';
import { schema } from './zod';
import { email } from './fields';

/** How a return label is paid: now, from the wallet; or only when used, where the carrier offers it (docs/decisions/0218). */
export const RETURN_PAYMENTS = ['now', 'on_use'] as const;
export type ReturnPayment = (typeof RETURN_PAYMENTS)[number];

export const returnLabelSchema = /* @__PURE__ */ schema(() =>
  z.strictObject(
    {
      quoteId: z
        .optional(z.string({ error: 'quoteId must be text' }).check(z.minLength(1, 'quoteId must be text'), z.maxLength(4096)))
        .register(z.globalRegistry, {
          description:
            'The return quote to buy: without it nothing is bought and the answer is 409 with the return quote and its `priceCents`; send that `quoteId` to buy at exactly that price.',
        }),
      payment: z.optional(z.enum(RETURN_PAYMENTS, { error: `payment must be one of ${RETURN_PAYMENTS.join(', ')}` })).register(z.globalRegistry, {
        description: '`now` (default): charged to the wallet like a label. `on_use` is refused: USPS through EasyPost bills a return label when it is bought.',
      }),
      email: z.optional(email()).register(z.globalRegistry, {
        description: "Who gets the return label by mail; the outbound recipient's email when left out, and no mail when neither is known.",
      }),
    },
    { error: 'Send a JSON object' },
  ),
);
export type ReturnLabelBody = z.output<typeof returnLabelSchema>;

/** GET /shipping/return-label?token=: the signed token of a mailed return label's link. */
export const returnLabelLinkSchema = /* @__PURE__ */ schema(() =>
  z.object({
    token: z
      .string({ error: 'This return label link is not valid' })
      .check(z.minLength(1, 'This return label link is not valid'), z.maxLength(2000, 'This return label link is not valid')),
  }),
);

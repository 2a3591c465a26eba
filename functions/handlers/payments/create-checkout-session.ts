/**
 * POST /stripe/create-checkout-session: a card top-up through Stripe Checkout. The amount charged
 * is the validated amount in cents computed here; the wallet is credited later, only by the
 * webhook. (Label purchases by card arrive with the labels feature.)
 */
import { checkoutSessionSchema } from '../../../domain/schemas/payments';
import { dollarsToCents } from '../../../domain/money';
import { NotImplemented } from '../../errors';
import { api } from '../../http/handler';
import { startTopUp } from '../../payments/top-ups';
import { getCardCheckout } from '../../providers/payments/payments';

export const handler = api('POST /stripe/create-checkout-session', { body: checkoutSessionSchema }, async ({ auth, body }) => {
  if (body.amount === undefined) throw new NotImplemented();
  const session = await startTopUp({
    userId: auth.userId,
    amountCents: dollarsToCents(body.amount) as number,
    creditType: 'Card',
    paymentType: 'CARD',
    provider: 'stripe',
    start: async (request) => {
      const { id, url } = await getCardCheckout().createSession(request);
      return { ref: id, id, url };
    },
  });
  return { id: session.id, url: session.url };
});

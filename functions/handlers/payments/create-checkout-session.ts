/**
 * POST /stripe/create-checkout-session: card payments through Stripe Checkout, either a wallet
 * top-up (`amount`) or one label (`metadata.orderDetails`). What is charged is computed here (the
 * validated top-up amount, or the label's price from domain/); the browser's `amount` for a label and
 * its `label`/`userId` are ignored. The wallet or the order moves only when the webhook says paid.
 * Each session is a call to Stripe, so a user and an address open a few per 10 minutes (functions/accounts/limits.ts RATES).
 */
import { dollarsToCents } from '../../../domain/money';
import { limitCheckouts } from '../../accounts/limits';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { startCardOrder } from '../../labels/card-orders';
import { startPayment } from '../../payments/top-ups';

export const handler = api(route.createCheckoutSession, async function createCheckoutSession({ auth, body, appOrigin, sourceIp }) {
  await limitCheckouts(auth.userId, sourceIp);
  const orderDetails = body.metadata?.orderDetails;
  if (orderDetails) return startCardOrder(auth.accountId, orderDetails, appOrigin);
  const { ref, url } = await startPayment({
    userId: auth.accountId,
    amountCents: dollarsToCents(body.amount as number | string) as number,
    creditType: 'Card',
    appOrigin,
  });
  return { id: ref, url };
});

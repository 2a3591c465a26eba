/**
 * POST /hoodpay/topup: a crypto top-up through Hoodpay (credit types Crypto and Bitcoin). Cards go
 * through Stripe (`/stripe/create-checkout-session`). The wallet is credited later, only by the
 * webhook after re-reading the payment. Payment sessions share one rate per user and address with
 * card checkouts (functions/accounts/limits.ts RATES).
 */
import { dollarsToCents } from '../../../domain/money';
import { BadRequest } from '../../errors';
import { limitCheckouts } from '../../accounts/limits';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { startCryptoPayment } from '../../payments/top-ups';

export const handler = api(route.createTopup, async function createTopup({ auth, body, appOrigin, sourceIp }) {
  if (body.creditType === 'Card') {
    throw new BadRequest('Card top-ups go through card checkout', { creditType: 'Card top-ups go through card checkout' });
  }
  await limitCheckouts(auth.userId, sourceIp);
  const payment = await startCryptoPayment({
    userId: auth.accountId,
    amountCents: dollarsToCents(body.amount) as number,
    creditType: body.creditType,
    appOrigin,
  });
  return { data: { url: payment.url, hoodpayOrderId: payment.ref } };
});

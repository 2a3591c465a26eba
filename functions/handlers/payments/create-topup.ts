/**
 * POST /hoodpay/topup: a crypto top-up through Hoodpay (credit types Crypto and Bitcoin). Cards go
 * through Stripe (`/stripe/create-checkout-session`). The wallet is credited later, only by the
 * webhook after re-reading the payment.
 */
import { dollarsToCents } from '../../../domain/money';
import { topupSchema } from '../../../domain/schemas/payments';
import { config } from '../../config';
import { BadRequest } from '../../errors';
import { api } from '../../http/handler';
import { startPayment } from '../../payments/top-ups';
import { getCryptoCheckout } from '../../providers/payments/payments';

const PAYMENT_TYPE = { Crypto: 'CRYPTO', Bitcoin: 'BITCOIN' } as const;

export const handler = api('POST /hoodpay/topup', { body: topupSchema }, async ({ auth, body }) => {
  if (body.creditType === 'Card') {
    throw new BadRequest('Card top-ups go through card checkout', { creditType: 'Card top-ups go through card checkout' });
  }
  const payment = await startPayment({
    userId: auth.userId,
    amountCents: dollarsToCents(body.amount) as number,
    creditType: body.creditType,
    paymentType: PAYMENT_TYPE[body.creditType],
    provider: 'hoodpay',
    start: async (request) => {
      const notifyUrl = new URL('/hoodpay/webhook', config().APP_URL).toString();
      const { paymentId, url } = await getCryptoCheckout().createPayment({ ...request, notifyUrl });
      return { ref: paymentId, url };
    },
  });
  return { data: { url: payment.url, hoodpayOrderId: payment.ref } };
});

/**
 * POST /hoodpay/webhook: Hoodpay's notifications. With HOODPAY_WEBHOOK_SECRET set, a notification
 * whose signature does not verify is refused (400) before anything is parsed or read. Even a signed
 * payload only names a payment; what it says about status or amount is not trusted: the payment is
 * re-read from Hoodpay's API, and only a completed payment whose amount equals the pending entry's
 * credits it, once.
 */
import { settleTopUp } from '../../payments/top-ups';
import { findEntryByProviderRef } from '../../wallet/ledger';
import { BadRequest } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { paymentIdFromWebhook } from '../../providers/payments/hoodpay-checkout';
import { getCryptoCheckout, verifyHoodpayNotification } from '../../providers/registry/payments';

function parse(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new BadRequest('Request body must be valid JSON');
  }
}

/** What the provider is told, whatever was done with its event (a 2xx stops its retries). */
const RECEIVED = { received: true } as const;

export const handler = api(route.hoodpayWebhook, async function hoodpayWebhook({ rawBody, headers, log }) {
  if (!verifyHoodpayNotification(rawBody, headers)) throw new BadRequest('Invalid signature');
  const paymentId = paymentIdFromWebhook(parse(rawBody));
  if (!paymentId) throw new BadRequest('No payment id in the notification');
  const ref = await findEntryByProviderRef('hoodpay', paymentId);
  if (!ref) {
    log.warn('hoodpay notification for an unknown payment', { paymentId });
    return RECEIVED;
  }
  // Provider down: ProviderUnavailable answers 502, so Hoodpay delivers the notification again.
  const payment = await getCryptoCheckout().getPayment(paymentId);
  if (payment.status === 'pending') return RECEIVED;
  const result = await settleTopUp({
    ...ref,
    outcome: payment.status,
    eventKey: `hoodpay#${paymentId}#${payment.status}`,
    paidCents: payment.amountCents,
  });
  log.info('hoodpay payment settled', { paymentId, entryId: ref.entryId, outcome: payment.status, result });
  return RECEIVED;
});

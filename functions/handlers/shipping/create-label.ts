/**
 * POST /shipping/create-label: buys a label with wallet credits. The price is the server's; the
 * `Idempotency-Key` header makes a double click or a retried request return the first answer
 * instead of buying twice. Card purchases start at POST /stripe/create-checkout-session.
 * A short balance answers 402 with `shortfallCents`; with `payShortfall` the label waits
 * (awaiting_payment) for a card checkout of that shortfall, whose address is answered as `checkoutUrl`.
 */
import { toApiOrder } from '../../../domain/api/order-answer';
import { toApiUser } from '../../../domain/api/user-answer';
import { actorOf } from '../../accounts/team-actor';
import { BadRequest } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { buyWithCredits } from '../../labels/credit-orders';

const KEY = /^[A-Za-z0-9_-]{1,100}$/;

export const handler = api(route.createLabel, async function createLabel({ auth, body, headers, log, appOrigin, sourceIp }) {
  const key = headers['idempotency-key'];
  if (!key || !KEY.test(key)) throw new BadRequest('Idempotency-Key header is required');
  if (body.paymentMethod !== 'credits') {
    throw new BadRequest('Card purchases start at card checkout', { paymentMethod: 'Card purchases start at card checkout' });
  }
  const { order, user, checkoutUrl } = await buyWithCredits(auth.accountId, body, key, log, { appOrigin, sourceIp, actorId: actorOf(auth) });
  // The balance as the profile shows it (spendable + on hold), so the two answers never disagree.
  const { balance, balanceCents } = toApiUser(user);
  return new Reply(201, { label: toApiOrder(order), balance, balanceCents, checkoutUrl });
});

/**
 * POST /shipping/orders/{shipOrderId}/return: a prepaid return label for one of the caller's
 * shipments (functions/labels/return-labels.ts). Without `quoteId` it answers 409 with the return
 * quote and buys nothing; with it, the label is bought from the wallet like POST
 * /shipping/create-label, under the same `Idempotency-Key` rule.
 */
import { isValid as isUlid } from 'ulid';
import { toApiOrder } from '../../../domain/api/order-answer';
import { toApiUser } from '../../../domain/api/user-answer';
import { actorOf } from '../../accounts/team-actor';
import { BadRequest, NotFound } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { buyReturnLabel } from '../../labels/return-labels';

const KEY = /^[A-Za-z0-9_-]{1,100}$/;

export const handler = api(route.createReturnLabel, async function createReturnLabel({ auth, params, body, headers, log, appOrigin, sourceIp }) {
  const id = params.shipOrderId ?? '';
  if (!isUlid(id)) throw new NotFound('Order not found');
  const key = headers['idempotency-key'];
  if (!key || !KEY.test(key)) throw new BadRequest('Idempotency-Key header is required');
  const { order, user, checkoutUrl } = await buyReturnLabel(auth.accountId, id, body, key, log, { appOrigin, sourceIp, actorId: actorOf(auth) });
  const { balance, balanceCents } = toApiUser(user);
  return new Reply(201, { label: toApiOrder(order), balance, balanceCents, checkoutUrl });
});

/**
 * POST /shipping/batches/{batchId}/purchase: buys every valid row (functions/batches/purchase.ts).
 * The Idempotency-Key is required like for a single label; the batch's own status is what makes a
 * repeat (with this key or another) answer the batch as it is instead of buying twice.
 */
import { purchaseBatch } from '../../../batches/purchase';
import { BadRequest } from '../../../errors';
import { actorOf } from '../../../accounts/team-actor';
import { api } from '../../../http/handler';
import * as route from '../../../../domain/api/route-table';

const KEY = /^[A-Za-z0-9_-]{1,100}$/;

export const handler = api(route.purchaseBatch, async function purchase({ auth, params, body, headers, log, appOrigin, sourceIp }) {
  const key = headers['idempotency-key'];
  if (!key || !KEY.test(key)) throw new BadRequest('Idempotency-Key header is required');
  return purchaseBatch({ userId: auth.accountId, actorId: actorOf(auth), batchId: params.batchId ?? '', body, key, appOrigin, sourceIp, log });
});

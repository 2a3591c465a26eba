/**
 * POST /shipping/adjustments/{adjustmentId}/dispute: opens a support request about one of the
 * caller's postage adjustments, with the label and the carrier's evidence attached, once
 * (functions/postage/disputes.ts). 404 for an adjustment that is not the caller's, 409 when it was
 * disputed already.
 */
import { getUserById } from '../../data/users';
import { Unauthorized } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { disputeAdjustment } from '../../postage/disputes';

export const handler = api(route.disputeAdjustment, async function disputePostageAdjustment({ auth, body, params, log }) {
  const user = await getUserById(auth.accountId);
  if (!user) throw new Unauthorized();
  const request = await disputeAdjustment(user, params.adjustmentId ?? '', body.message, log);
  return new Reply(201, { message: `Thanks! We'll look into it and reply to ${user.email}.`, id: request.id });
});

/**
 * POST /admin/users/{id}/adjustments: credits (amountCents > 0) or debits (< 0) a user's wallet with
 * a reason the user reads in their transactions. The `Idempotency-Key` header makes a double click
 * or a retry after a lost answer adjust once. A debit below zero is 409 and changes nothing; an
 * admin's own wallet is 403; over the second-admin threshold the answer has no entry and names the
 * approval waiting for a second admin.
 */
import { isValid as isUlid } from 'ulid';
import { toApiApproval } from '../../../domain/api/oversight-answer';
import { toApiUser } from '../../../domain/api/user-answer';
import { toApiEntry } from '../../../domain/api/wallet-answer';
import { BadRequest, NotFound } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { adjustWallet } from '../../wallet/adjustments';

const KEY = /^[A-Za-z0-9_-]{1,100}$/;

export const handler = api(route.adjustWallet, async function adjustUserWallet({ auth, params, body, headers }) {
  if (!isUlid(params.id ?? '')) throw new NotFound('User not found');
  const key = headers['idempotency-key'];
  if (!key || !KEY.test(key)) throw new BadRequest('Idempotency-Key header is required');
  const { entry, user, approval } = await adjustWallet({
    userId: params.id ?? '',
    amountCents: body.amountCents,
    reason: body.reason,
    adminId: auth.userId,
    key,
  });
  return new Reply(201, { entry: entry ? toApiEntry(entry) : null, user: toApiUser(user), pendingApproval: approval ? toApiApproval(approval) : null });
});

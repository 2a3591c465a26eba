/**
 * POST /admin/withdrawals/{id}/reject: refuses a pending withdrawal request with a reason; the held
 * amount goes back to the balance. An admin's own request is 403.
 */
import { isValid as isUlid } from 'ulid';
import { toApiWithdrawal } from '../../../domain/api/wallet-answer';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { adminPerson } from '../../wallet/adjustments';
import { rejectWithdrawal } from '../../wallet/withdrawals';

export const handler = api(route.rejectWithdrawal, async function rejectWalletWithdrawal({ auth, params, body, log }) {
  if (!isUlid(params.id ?? '')) throw new NotFound('Withdrawal request not found');
  return toApiWithdrawal(await rejectWithdrawal(params.id ?? '', body.reason, log, { admin: await adminPerson(auth.userId) }));
});

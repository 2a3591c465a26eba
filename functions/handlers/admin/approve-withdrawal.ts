/**
 * POST /admin/withdrawals/{id}/approve: pays a withdrawal request back, as refunds of the user's card
 * top-ups newest first and the rest by hand (the note says how), then takes the hold out of the
 * wallet. Sent again for a request whose approval stopped part way (502 from the card provider, a
 * lost answer), it resumes; for one already approved or rejected it answers 409. An admin's own
 * request is 403; over the second-admin threshold the request stays pending and the answer names the
 * approval waiting for a second admin.
 */
import { isValid as isUlid } from 'ulid';
import { toApiApproval } from '../../../domain/api/oversight-answer';
import { toApiWithdrawal } from '../../../domain/api/wallet-answer';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { adminPerson } from '../../wallet/adjustments';
import { approveWithdrawal } from '../../wallet/withdrawals';

export const handler = api(route.approveWithdrawal, async function approveWalletWithdrawal({ auth, params, body, log }) {
  // Request ids are ulids; anything else (a 2 kB id would overflow DynamoDB's key limit) names nothing.
  if (!isUlid(params.id ?? '')) throw new NotFound('Withdrawal request not found');
  const { withdrawal, pendingApproval } = await approveWithdrawal(params.id ?? '', body.note, log, { admin: await adminPerson(auth.userId) });
  return { ...toApiWithdrawal(withdrawal), pendingApproval: pendingApproval ? toApiApproval(pendingApproval) : null };
});

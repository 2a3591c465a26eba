/**
 * POST /admin/withdrawals/{id}/approve: pays a withdrawal request back, as refunds of the user's card
 * top-ups newest first and the rest by hand (the note says how), then takes the hold out of the
 * wallet. Sent again for a request whose approval stopped part way (502 from the card provider, a
 * lost answer), it resumes; for one already approved or rejected it answers 409.
 */
import { isValid as isUlid } from 'ulid';
import { toApiWithdrawal } from '../../../domain/api/wallet-answer';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { approveWithdrawal } from '../../wallet/withdrawals';

export const handler = api(route.approveWithdrawal, async function approveWalletWithdrawal({ params, body, log }) {
  // Request ids are ulids; anything else (a 2 kB id would overflow DynamoDB's key limit) names nothing.
  if (!isUlid(params.id ?? '')) throw new NotFound('Withdrawal request not found');
  return toApiWithdrawal(await approveWithdrawal(params.id ?? '', body.note, log));
});

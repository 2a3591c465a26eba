/**
 * POST /wallet/withdrawals: asks for `amount` dollars of unused credit back. The amount goes on hold
 * at once (still in the balance, no longer spendable) until an admin approves or rejects it. One
 * request per 30 days (409), never more than the available balance (402, like a short purchase).
 * A lost answer is safe to retry: the month's gate answers the repeat with 409, nothing held twice.
 */
import { dollarsToCents } from '../../../domain/money';
import { toApiWithdrawal } from '../../../domain/api/wallet-answer';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { requestWithdrawal } from '../../wallet/withdrawals';

export const handler = api(route.requestWithdrawal, async function requestWalletWithdrawal({ auth, body, log }) {
  const withdrawal = await requestWithdrawal(auth.accountId, dollarsToCents(body.amount) as number, log);
  return new Reply(201, toApiWithdrawal(withdrawal));
});

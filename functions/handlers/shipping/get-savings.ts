/**
 * GET /shipping/savings: what the caller saved against the USPS retail rate, this month, in total
 * and by month for the last 12 (functions/insights/savings.ts). The first call of a user also counts
 * the labels they bought before the savings were kept, once.
 */
import { getSavings } from '../../insights/savings';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.getSavings, async function getShippingSavings({ auth }) {
  return getSavings(auth.accountId);
});

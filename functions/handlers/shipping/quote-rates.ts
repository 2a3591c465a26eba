/**
 * POST /shipping/rates: every offer for the label form's parcel, both addresses and the ship date,
 * priced in the configured mode, with the signed quote a purchase names (functions/postage/quotes.ts).
 * Rated per user and address before the carrier is asked (429 with Retry-After beyond); a carrier
 * that cannot rate answers 502.
 */
import { limitQuotes } from '../../accounts/limits';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { makeQuote } from '../../postage/quotes';

export const handler = api(route.quoteRates, async function quoteRates({ auth, body, sourceIp }) {
  await limitQuotes(auth.userId, sourceIp);
  return makeQuote(auth.accountId, body);
});

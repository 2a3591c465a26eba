/**
 * Return labels through the real handler (functions/handlers/shipping/create-return-label.ts), for
 * the suites that need one: the return quote (asked without a quoteId: 409 with it) and the
 * purchase that names it.
 */
import { idempotencyKey, invoke, type Account, type Answer } from './security/actors';

/** Asks the return route of `shipOrderId` with `body`; a fresh Idempotency-Key unless `key` is given. */
export const askReturn = (account: Pick<Account, 'token'>, shipOrderId: string, body: Record<string, unknown> = {}, key: string = idempotencyKey()) =>
  invoke('POST /shipping/orders/{shipOrderId}/return', { token: account.token, params: { shipOrderId }, headers: { 'idempotency-key': key }, body });

/** The return quote of `shipOrderId`: its id and the price of the outbound's row. */
export async function returnQuote(account: Pick<Account, 'token'>, shipOrderId: string): Promise<{ quoteId: string; priceCents: number }> {
  const res = await askReturn(account, shipOrderId);
  const json = res.json as { quote?: { quoteId: string }; priceCents?: number } | undefined;
  if (res.statusCode !== 409 || !json?.quote || json.priceCents === undefined) throw new Error(`no return quote: ${res.statusCode} ${res.body}`);
  return { quoteId: json.quote.quoteId, priceCents: json.priceCents };
}

/** Quotes and buys the return label of `shipOrderId`; the answer of the purchase. */
export async function buyReturn(account: Pick<Account, 'token'>, shipOrderId: string, body: Record<string, unknown> = {}): Promise<Answer> {
  const { quoteId } = await returnQuote(account, shipOrderId);
  return askReturn(account, shipOrderId, { ...body, quoteId });
}

/**
 * A batch row priced as the Create Label dialog prices its form: judged (./rows.ts), then quoted
 * (functions/postage/quotes.ts makeQuote, for the batch's owner) and priced from the quote's row it
 * names: its label type in table mode, its service in rates mode (the cheapest available when the
 * cell is blank). The row keeps the quote, its price and (rates mode) the service, and is bought
 * from that quote (./run.ts); a row the quote does not offer is invalid with the quote's reason.
 *
 * An uploaded row is judged at once and stored `pricing` (./batches.ts); the batch worker quotes it
 * (./run.ts), QUOTES_AT_ONCE at a time: each quote may be a carrier call (at EasyPost it creates
 * shipments), so a 500-row file is neither 500 calls at once nor 500 in a row, nor inside a request.
 */
import type { PricingMode } from '../../domain/api/quotes';
import { findService, type ServiceId } from '../../domain/postage/services';
import type { BatchRowError } from '../../domain/api/batches';
import type { BatchRowFields } from '../../domain/schemas/batches';
import { config } from '../config';
import type { StoredRow } from '../data/batches';
import { makeQuote } from '../postage/quotes';
import { CHEAPEST, judgeRow } from './rows';

export const QUOTES_AT_ONCE = 5;

/** A row with no quote: invalid with its errors, or valid and waiting for the worker to price it. */
const unquotedRow = (row: number, fields: BatchRowFields, errors: StoredRow['errors']): StoredRow => ({
  row,
  fields,
  valid: errors.length === 0,
  errors,
  priceCents: null,
  status: errors.length === 0 ? 'pricing' : 'invalid',
  shipOrderId: null,
  tracking: null,
  error: null,
  quoteId: null,
  quoteExpiresAt: null,
  service: null,
});

/** A row that cannot be bought as it stands: its errors, no price, no quote. */
export const invalidRow = (row: number, fields: BatchRowFields, errors: [BatchRowError, ...BatchRowError[]]): StoredRow => unquotedRow(row, fields, errors);

/**
 * A row as uploaded: judged now (its errors, as the label form's), and when valid stored `pricing`
 * for the batch worker to quote. `found`: errors found before judging (an unknown saved package).
 */
export function rowToPrice(row: number, fields: BatchRowFields, found: readonly BatchRowError[] = []): StoredRow {
  const judged = judgeRow(fields, config().PRICING_MODE, found);
  return unquotedRow(row, fields, judged.valid ? [] : judged.errors);
}

/**
 * A row as judged and quoted now: ready with its quote and price, or invalid with its errors.
 * `keepService`: in rates mode, the service a blank cell was quoted as before (a row quoted again
 * keeps the service the shipper saw, rather than whatever is cheapest now). Throws
 * ProviderUnavailable when the carrier cannot quote. `found`: errors found before judging (an
 * unknown saved package), which make the row invalid without a quote.
 */
export async function pricedRow(
  userId: string,
  row: number,
  fields: BatchRowFields,
  keepService?: ServiceId | null,
  found: readonly BatchRowError[] = [],
): Promise<StoredRow> {
  const mode: PricingMode = config().PRICING_MODE;
  const judged = judgeRow(fields, mode, found);
  if (!judged.valid) return unquotedRow(row, fields, judged.errors);
  const column = mode === 'table' ? 'labelType' : 'service';
  const asked = mode === 'table' ? judged.body.labelType : judged.body.service === CHEAPEST && keepService ? keepService : judged.body.service;
  const quote = await makeQuote(userId, judged.body);
  const rate = asked === CHEAPEST ? quote.rates.find((r) => r.cheapest) : quote.rates.find((r) => r.service === asked);
  if (!rate?.available || rate.priceCents === null) {
    const message = rate?.reason ?? (asked === CHEAPEST ? 'No USPS service is available for this parcel.' : `${asked} is not offered for this parcel.`);
    return invalidRow(row, fields, [{ column, message }]);
  }
  return {
    row,
    fields,
    valid: true,
    errors: [],
    priceCents: rate.priceCents,
    status: 'ready',
    shipOrderId: null,
    tracking: null,
    error: null,
    quoteId: quote.quoteId,
    quoteExpiresAt: quote.expiresAt,
    service: mode === 'rates' ? (findService(rate.service)?.id ?? null) : null,
  };
}

/** Whether a row's quote may still be bought from: not expired (a row stored before rows were quoted has none). */
export const quoteHolds = (row: StoredRow, now: number): boolean => !!row.quoteId && !!row.quoteExpiresAt && Date.parse(row.quoteExpiresAt) > now;

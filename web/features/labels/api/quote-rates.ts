import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { useWatch, type Control } from 'react-hook-form';
import type { Quote } from '@domain/api/quotes';
import { quoteRequestSchema, type QuoteRequestBody } from '@domain/schemas/labels';
import { apiRequest } from '@/api-client/client';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { withoutBlankExtras, type LabelFormValues } from '../lib/label-form';

/** How long the form must rest before it is quoted: a typed address asks once, not per keystroke. */
const SETTLE_MS = 400;
/** A dialog left open is quoted again before its quote expires (15 minutes). */
const REQUOTE_MS = 10 * 60_000;
/** A quote this close to its end is not bought from: a new one is asked for first. */
const EXPIRY_MARGIN_MS = 30_000;

/** POST /shipping/rates: every offer for the parcel, priced, with the signed quote the purchase names. */
export const quoteRates = (body: QuoteRequestBody): Promise<Quote> => apiRequest('POST /shipping/rates', { body });

/** What a quote is of, as text: the parsed parcel, addresses and ship date; null while the form cannot be quoted. */
const quotedText = (values: unknown): string | null => {
  const parsed = quoteRequestSchema.safeParse(values);
  return parsed.success ? JSON.stringify(withoutBlankExtras(parsed.data)) : null;
};

/**
 * Watches the label form and reports what it can be quoted for once that has rested a moment (null
 * while the form cannot be quoted). A component of its own, so a keystroke re-renders only it, not
 * the whole form.
 */
export function QuoteWatcher({ control, onSettled }: { control: Control<LabelFormValues>; onSettled: (text: string | null) => void }) {
  const values = useWatch({ control });
  // Parsed once the form has rested, not at every keystroke.
  const settled = useDebouncedValue(JSON.stringify(values), SETTLE_MS);
  useEffect(() => onSettled(quotedText(JSON.parse(settled))), [settled, onSettled]);
  return null;
}

/**
 * The quote of the settled form text (QuoteWatcher), once its parcel, both addresses and ship date
 * are valid (by the server's own schema); undefined until then. The last quote stays shown while
 * the next one loads. `forOrder` answers the quote of exactly the form being submitted: the one on
 * screen when it is of that form and not about to expire, else a new one.
 */
export function useQuote(text: string | null) {
  const last = useRef<{ text: string; quote: Quote } | null>(null);
  const fetchQuote = async (body: string) => {
    const quote = await quoteRates(JSON.parse(body) as QuoteRequestBody);
    last.current = { text: body, quote };
    return quote;
  };
  const swr = useSWR(text ? ['POST /shipping/rates', text] : null, ([, body]) => fetchQuote(body), {
    keepPreviousData: true,
    revalidateOnFocus: false,
    refreshInterval: REQUOTE_MS,
  });
  async function forOrder(order: unknown): Promise<Quote | undefined> {
    const wanted = quotedText(order);
    if (!wanted) return undefined;
    const held = last.current;
    if (held?.text === wanted && Date.parse(held.quote.expiresAt) - Date.now() > EXPIRY_MARGIN_MS) return held.quote;
    return fetchQuote(wanted);
  }
  return { ...swr, forOrder };
}

import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ApiBatch } from '@domain/api/batches';
import { ApiError, mayHaveActed } from '@/api-client/client';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';
import { notifyApiError, notifyError } from '@/components/notify';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { isNavigableUrl, loadPage } from '@/lib/full-page-navigation';
import { batchKey } from '../api/get-batch';
import { purchaseBatch, type BatchPurchaseBody } from '../api/purchase-batch';

/**
 * Buying a batch: one `Idempotency-Key` per purchase the person means (the same batch and payment
 * choice pressed twice is one purchase), the batch the server answers put in the cache at once (the
 * page then polls it), and the card checkout followed when the server opened one. After a 402,
 * `shortfallCents` is what a card would pay for the credits path to go through; after a 409 the
 * batch is read again (its rows may have been repriced: the shipper confirms the new total).
 */
export function useBuyBatch(batchId: string) {
  const { mutate } = useSWRConfig();
  const revalidateRoutes = useRevalidateRoutes();
  const idempotency = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const [shortfallCents, setShortfallCents] = useState<number>();

  // A second click before React has re-rendered the button as busy is dropped here; one that gets
  // through anyway (another tab, a retry) carries the same key and is answered with the first purchase.
  const inFlight = useRef(false);

  async function buy(body: BatchPurchaseBody): Promise<void> {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const { batch, checkoutUrl } = await purchaseBatch(batchId, body, idempotency.keyFor({ batchId, ...body }));
      idempotency.settle();
      setShortfallCents(undefined);
      await mutate(batchKey(batchId), batch satisfies ApiBatch, { revalidate: false });
      if (checkoutUrl !== null) {
        if (!isNavigableUrl(checkoutUrl)) {
          notifyError('Failed to redirect to payment page.', 'Please try again');
        } else {
          loadPage(checkoutUrl);
          // Busy until the browser has left for the checkout.
          return;
        }
      }
      void revalidateRoutes('GET /auth/profile');
    } catch (error) {
      if (!mayHaveActed(error)) idempotency.settle();
      if (error instanceof ApiError && error.status === 402) setShortfallCents(error.shortfallCents ?? 0);
      // Rows whose quotes expired are being priced again (or someone else's purchase moved the batch
      // on): the batch is read again, and polled while its rows are priced, so the total shown is new.
      if (error instanceof ApiError && error.status === 409) void mutate(batchKey(batchId));
      notifyApiError('Batch purchase failed', error, 'An error occurred. Please try again.');
    }
    inFlight.current = false;
    setBusy(false);
  }

  return { buy, busy, shortfallCents };
}

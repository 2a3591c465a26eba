import { Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ApiBatch } from '@domain/api/batches';
import { errorMessage } from '@/api-client/client';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';
import { DateTime } from '@/components/date-time';
import { ErrorState, LoadingState } from '@/components/load-states';
import { notifyInfo } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import { TextLink } from '@/components/text-link';
import { paths } from '@/lib/paths';
import { useBatch } from '../api/get-batch';
import { BatchProgress } from '../components/batch-progress';
import { BatchResults } from '../components/batch-results';
import { BatchRowsTable } from '../components/batch-rows-table';
import { BatchSummary } from '../components/batch-summary';
import { BuyBatch } from '../components/buy-batch';
import { isEditable, pricingProgress } from '../lib/batch-figures';

const checkoutNotices = {
  success: ['Payment received', 'The labels are bought as soon as the payment is confirmed.'],
  cancelled: ['Payment cancelled', 'Nothing was bought. You can buy the batch again.'],
} as const;

/**
 * Back from the batch's card checkout (`?checkout=success|cancelled`): says so once and drops the
 * query, so a reload does not repeat it. The batch itself is polled while it waits for the payment.
 */
function useCheckoutNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = searchParams.get('checkout');
  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'cancelled') return;
    const [title, description] = checkoutNotices[outcome];
    notifyInfo(title, description, 'batch-checkout-return');
    setSearchParams({}, { replace: true });
  }, [outcome, setSearchParams]);
}

/** The rows' pricing by the batch worker: how many of them are priced so far. */
function PricingState({ batch }: { batch: Pick<ApiBatch, 'rows'> }) {
  const { priced, toPrice } = pricingProgress(batch);
  return <LoadingState label={`Pricing the rows with USPS… ${priced} of ${toPrice} priced`} />;
}

/** One batch: its pricing, the preview while it is a draft, the progress while it is bought, then its results and files. */
export function BatchPage() {
  const { batchId = '' } = useParams();
  const { data: batch, error, isLoading, mutate } = useBatch(batchId);
  const revalidateRoutes = useRevalidateRoutes();
  useCheckoutNotice();

  // A purchase changes the balance, the shipments and the wallet's entries: refetch them once it ends.
  const status = batch?.status;
  const lastStatus = useRef(status);
  useEffect(() => {
    if (status === 'done' && lastStatus.current !== undefined && lastStatus.current !== 'done')
      void revalidateRoutes('GET /auth/profile', 'GET /shipping/orders', 'GET /hoodpay/transactions');
    lastStatus.current = status;
  }, [status, revalidateRoutes]);

  return (
    <>
      <PageTitle>Batch Labels</PageTitle>
      <Text mb="6">
        <TextLink to={paths.user.batchLabels}>Upload another CSV</TextLink>
      </Text>
      {!batch ? (
        isLoading ? (
          <LoadingState />
        ) : (
          <ErrorState message={errorMessage(error, 'The batch could not be loaded.')} onRetry={() => void mutate()} />
        )
      ) : (
        <Stack gap="6">
          <Text color="fg.muted">
            Uploaded <DateTime iso={batch.createdAt} /> · {batch.rows.length} rows · status {batch.status.replaceAll('_', ' ')}
          </Text>
          {isEditable(batch) ? (
            <>
              <BatchSummary batch={batch} />
              <BuyBatch batch={batch} />
            </>
          ) : batch.status === 'awaiting_payment' ? (
            <LoadingState label="Waiting for the card payment to be confirmed…" />
          ) : batch.status === 'pricing' ? (
            <PricingState batch={batch} />
          ) : (
            <BatchProgress batch={batch} />
          )}
          {batch.status === 'done' && <BatchResults batch={batch} />}
          <Heading as="h2" size="lg">
            Rows
          </Heading>
          <BatchRowsTable batch={batch} />
        </Stack>
      )}
    </>
  );
}

import { useMayChange } from '@/features/profile';
import { Alert, Button, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ApiBatch } from '@domain/api/batches';
import { formatUsd } from '@domain/money';
import { FormField } from '@/components/form-field';
import { TextLink } from '@/components/text-link';
import { paymentMethodLabels } from '@/lib/payment-method-labels';
import { paths } from '@/lib/paths';
import { useBuyBatch } from '../hooks/use-buy-batch';
import { summarizeBatch } from '../lib/batch-figures';
import type { BatchPurchaseBody } from '../api/purchase-batch';

type PaymentMethod = BatchPurchaseBody['paymentMethod'];

/**
 * Buys every valid row: with wallet credits, or by card for the whole total first. Credits short of
 * the total answer 402 with the shortfall, and the alert offers to pay just that by card and buy.
 */
export function BuyBatch({ batch }: { batch: ApiBatch }) {
  const mayChange = useMayChange();
  const { ready, totalCents } = summarizeBatch(batch);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('credits');
  const { buy, busy, shortfallCents } = useBuyBatch(batch.batchId);
  const short = paymentMethod === 'credits' && shortfallCents !== undefined;

  // A team's viewer cannot buy (the server answers 403).
  if (!mayChange) return null;
  return (
    <Stack gap="4" align="start" maxW="md">
      <FormField label="Payment method" required>
        <NativeSelect.Root>
          <NativeSelect.Field value={paymentMethod} onChange={(e) => setPaymentMethod(e.currentTarget.value as PaymentMethod)}>
            {Object.entries(paymentMethodLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {short && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your wallet balance is too low for this batch.</Alert.Title>
            <Stack gap="2" align="start">
              <Alert.Description>
                Add balance in the <TextLink to={paths.user.wallet}>Account Wallet</TextLink>, or pay {shortfallCents > 0 ? 'the difference' : 'the total'} by
                card.
              </Alert.Description>
              {shortfallCents > 0 && (
                <Button
                  size="sm"
                  colorPalette="blue"
                  variant="outline"
                  loading={busy}
                  onClick={() => void buy({ paymentMethod: 'credits', payShortfall: true, totalCents })}
                >
                  Pay {formatUsd(shortfallCents)} by card and buy
                </Button>
              )}
            </Stack>
          </Alert.Content>
        </Alert.Root>
      )}
      {ready === 0 ? (
        <Text color="fg.muted">No valid rows to buy: fix a row first.</Text>
      ) : (
        <Button colorPalette="blue" loading={busy} onClick={() => void buy({ paymentMethod, totalCents })}>
          Buy {ready === 1 ? '1 label' : `${ready} labels`} ({formatUsd(totalCents)})
        </Button>
      )}
    </Stack>
  );
}

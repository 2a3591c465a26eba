import { useMayChange } from '@/features/profile';
import { Button, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuRedo2 } from 'react-icons/lu';
import { zodResolver } from '@/lib/zod-form';
import * as z from '@domain/schemas/zod';
import type { ApiOrder } from '@domain/api/orders';
import { formatUsd } from '@domain/money';
import { email } from '@domain/schemas/fields';
import { ApiError, errorMessage, mayHaveActed } from '@/api-client/client';
import { FormDialog, FormDialogBody } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useFormDialog } from '@/components/use-form-dialog';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { quoteReturnLabel, useCreateReturnLabel, type ReturnQuote } from '../api/create-return-label';

/** Why the dialog offers no "pay when used": docs/decisions/0218-return-labels-paid-when-bought.md. */
export const ON_USE_NOTE = 'Paying only when the label is used is not offered: USPS charges return labels when they are made.';

/** The dialog's fields: an optional email (empty: nobody is mailed) and the payment, which is "now". */
const returnForm = z.object({
  email: z.union([z.literal(''), email()], { error: 'Invalid email format' }),
  payment: z.literal('now'),
});
type ReturnForm = z.input<typeof returnForm>;

type QuoteState = { kind: 'loading' } | { kind: 'ready'; quote: ReturnQuote; note?: string } | { kind: 'failed'; message: string };

/**
 * "Create return label" on a shipment: a dialog that asks the return's price (the server quotes the
 * shipment's parcel from its recipient back to its shipper), then buys it from the wallet at exactly
 * that price and, when an email is given, mails it to the recipient.
 */
export function ReturnLabelButton({ order }: { order: ApiOrder }) {
  const mayChange = useMayChange();
  const [key, setKey] = useState(newIdempotencyKey);
  const [quote, setQuote] = useState<QuoteState>({ kind: 'loading' });
  const askedRef = useRef(0);
  const { trigger } = useCreateReturnLabel();
  const { open, changeOpen, register, handleSubmit, errors, isSubmitting } = useFormDialog<ReturnForm, z.output<typeof returnForm>>({
    resolver: zodResolver(returnForm),
    defaultValues: { email: order.toEmail ?? '', payment: 'now' },
  });
  const what = order.tracking ?? order.shipOrderId;

  /** Opening the dialog asks the price; an answer for an earlier opening is dropped. */
  function openChanged(next: boolean) {
    changeOpen(next);
    const asked = ++askedRef.current;
    if (!next) return;
    setQuote({ kind: 'loading' });
    quoteReturnLabel(order.shipOrderId, newIdempotencyKey()).then(
      (q) => asked === askedRef.current && setQuote({ kind: 'ready', quote: q }),
      (error: unknown) =>
        asked === askedRef.current && setQuote({ kind: 'failed', message: errorMessage(error, 'The return label could not be priced. Please try again.') }),
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    if (quote.kind !== 'ready') return;
    try {
      const { label } = await trigger({
        shipOrderId: order.shipOrderId,
        idempotencyKey: key,
        body: { quoteId: quote.quote.quoteId, payment: values.payment, ...(values.email ? { email: values.email } : {}) },
      });
      notifySuccess(
        'Return label created',
        label.returnEmail ? `Mailed to ${label.returnEmail}. It is listed under the shipment.` : 'It is listed under the shipment; download it there.',
      );
      setKey(newIdempotencyKey());
      changeOpen(false);
    } catch (error) {
      if (!mayHaveActed(error, [502])) setKey(newIdempotencyKey());
      // The quote expired or was used: the fresh one is shown to confirm, never bought unseen.
      if (error instanceof ApiError && error.status === 409 && error.quote && error.quote.priceCents !== null) {
        setQuote({ kind: 'ready', quote: { quoteId: error.quote.quoteId, priceCents: error.quote.priceCents }, note: error.message });
        return;
      }
      notifyApiError('The return label was not created', error);
    }
  });

  // A team's viewer cannot buy a return label (the server answers 403).
  if (!mayChange) return null;
  return (
    <FormDialog
      title="Create a return label"
      open={open}
      onOpenChange={openChanged}
      trigger={
        <Button size="xs" variant="outline" aria-label={`Create return label for ${what}`}>
          <LuRedo2 aria-hidden />
          Create return label
        </Button>
      }
    >
      <FormDialogBody
        onSubmit={onSubmit}
        submit={
          <Button type="submit" colorPalette="blue" loading={isSubmitting} disabled={quote.kind !== 'ready'}>
            {quote.kind === 'ready' ? `Buy for ${formatUsd(quote.quote.priceCents)}` : 'Buy'}
          </Button>
        }
      >
        <Stack gap="1">
          <Text>
            A prepaid label from {order.toName} back to {order.fromName}, for the same parcel ({order.labelTypeName}).
          </Text>
          <Text aria-live="polite" fontWeight="semibold">
            {quote.kind === 'loading' && 'Pricing the return label…'}
            {quote.kind === 'ready' && `Price: ${formatUsd(quote.quote.priceCents)}`}
          </Text>
          {quote.kind === 'ready' && quote.note && <Text color="fg.warning">{quote.note}</Text>}
          {quote.kind === 'failed' && (
            <Text role="alert" color="fg.error">
              {quote.message}
            </Text>
          )}
        </Stack>
        <FormField label="Payment" helper={ON_USE_NOTE} required>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('payment')}>
              <option value="now">Pay now from your wallet</option>
              <option value="on_use" disabled>
                Pay when used (not offered)
              </option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Send it to (email)" helper="Leave empty to send it yourself." error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
      </FormDialogBody>
    </FormDialog>
  );
}

import { Button, NativeSelect, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { useState } from 'react';
import * as z from '@domain/schemas/zod';
import { ADJUSTMENT_MAX_CENTS, ADJUSTMENT_SECOND_ADMIN_CENTS } from '@domain/constants';
import { dollarsToCents, formatUsd } from '@domain/money';
import type { ApiUser } from '@domain/api/users';
import { adjustmentSchema } from '@domain/schemas/wallet';
import { AmountField } from '@/components/amount-field';
import { FormDialog, FormDialogBody } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useFormDialog } from '@/components/use-form-dialog';
import { useAdjustWallet } from '../api/adjust-wallet';
import { newIdempotencyKey } from '@/lib/idempotency-key';

const AMOUNT_MESSAGE = `Enter an amount from $0.01 to ${formatUsd(ADJUSTMENT_MAX_CENTS)}`;

/** The dialog's fields: people think in dollars and a direction; the body is signed cents (adjustmentSchema). */
const adjustForm = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: z.string().check(
    z.refine((v) => {
      const cents = dollarsToCents(v);
      return cents !== null && cents > 0 && cents <= ADJUSTMENT_MAX_CENTS;
    }, AMOUNT_MESSAGE),
  ),
  reason: adjustmentSchema.shape.reason,
});
type AdjustForm = z.input<typeof adjustForm>;
const emptyForm: AdjustForm = { direction: 'credit', amount: '', reason: '' };

/** "Adjust balance" on a user's row: credits or debits the wallet with a reason the user reads. */
export function AdjustWalletDialog({ user }: { user: ApiUser }) {
  // One key per adjustment meant: a retry after a lost answer sends the same one and adjusts once.
  const [key, setKey] = useState(newIdempotencyKey);
  const { trigger } = useAdjustWallet();
  const { open, changeOpen, register, handleSubmit, errors, isSubmitting } = useFormDialog<AdjustForm, z.output<typeof adjustForm>>({
    resolver: zodResolver(adjustForm),
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit(async ({ direction, amount, reason }) => {
    const cents = dollarsToCents(amount) as number;
    try {
      const answer = await trigger({ userId: user.id, key, body: { amountCents: direction === 'debit' ? -cents : cents, reason } });
      if (answer.pendingApproval)
        notifySuccess('Waiting for a second admin', `Over ${formatUsd(ADJUSTMENT_SECOND_ADMIN_CENTS)}: another admin approves it on the Approvals page.`);
      else notifySuccess('Balance adjusted', `${user.email} now has ${formatUsd(answer.user.balanceCents)}.`);
      setKey(newIdempotencyKey());
      changeOpen(false);
    } catch (error) {
      notifyApiError('Adjustment failed', error, 'Please try again.');
    }
  });

  return (
    <FormDialog
      title={`Adjust balance of ${user.name}`}
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button size="xs" variant="outline" aria-label={`Adjust balance of ${user.email}`}>
          Adjust
        </Button>
      }
    >
      <FormDialogBody
        onSubmit={onSubmit}
        submit={
          <Button type="submit" colorPalette="blue" loading={isSubmitting}>
            Adjust balance
          </Button>
        }
      >
        <FormField label="Direction" required>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('direction')}>
              <option value="credit">Credit (add)</option>
              <option value="debit">Debit (take)</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <AmountField
          registration={register('amount')}
          helper={`Available now: ${formatUsd(user.availableCents)}. Over ${formatUsd(ADJUSTMENT_SECOND_ADMIN_CENTS)} a second admin must approve it.`}
          error={errors.amount?.message}
          placeholder="5.00"
        />
        <FormField label="Reason (the user sees it)" error={errors.reason?.message} required>
          <Textarea rows={2} {...register('reason')} />
        </FormField>
      </FormDialogBody>
    </FormDialog>
  );
}

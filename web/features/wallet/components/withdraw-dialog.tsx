import { Button, Text } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { LuArrowDownToLine } from 'react-icons/lu';
import type * as z from '@domain/schemas/zod';
import { formatUsd } from '@domain/money';
import { withdrawalSchema } from '@domain/schemas/wallet';
import { AmountField } from '@/components/amount-field';
import { FormDialog, FormDialogBody } from '@/components/form-dialog';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useFormDialog } from '@/components/use-form-dialog';
import { useRequestWithdrawal } from '../api/withdrawals';

type WithdrawForm = z.input<typeof withdrawalSchema>;
const emptyForm: WithdrawForm = { amount: '' };

/**
 * "Withdraw balance": asks for unused credit back, once a month. The amount goes on hold at once;
 * the server checks it against the available balance and the 30 days (its message is shown).
 */
export function WithdrawDialog({ availableCents }: { availableCents: number }) {
  const { trigger } = useRequestWithdrawal();
  const { open, changeOpen, register, handleSubmit, errors, isSubmitting } = useFormDialog<WithdrawForm, z.output<typeof withdrawalSchema>>({
    resolver: zodResolver(withdrawalSchema),
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit(async ({ amount }) => {
    try {
      const w = await trigger({ amount });
      notifySuccess('Withdrawal requested', `${formatUsd(w.amountCents)} is on hold until we pay it back.`);
      changeOpen(false);
    } catch (error) {
      notifyApiError('Withdrawal not requested', error, 'Please try again.');
    }
  });

  return (
    <FormDialog
      title="Withdraw balance"
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button variant="outline" colorPalette="blue">
          <LuArrowDownToLine aria-hidden /> Withdraw balance
        </Button>
      }
    >
      <FormDialogBody
        onSubmit={onSubmit}
        submit={
          <Button type="submit" colorPalette="blue" loading={isSubmitting}>
            Request withdrawal
          </Button>
        }
      >
        <Text fontSize="sm" color="fg.muted">
          Once a month you can ask for unused credit back. We refund it to the card you topped up with, or pay it another way. Until then the amount is on hold
          and cannot be spent.
        </Text>
        <AmountField registration={register('amount')} helper={`Up to ${formatUsd(availableCents)} (your available balance).`} error={errors.amount?.message} />
      </FormDialogBody>
    </FormDialog>
  );
}

import { Button, Dialog, HStack, Input, InputGroup, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LuArrowDownToLine } from 'react-icons/lu';
import type { z } from 'zod';
import { formatUsd } from '@domain/money';
import { withdrawalSchema } from '@domain/schemas/wallet';
import { Form } from '@/components/form';
import { DialogActions, FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useRequestWithdrawal } from '../api/withdrawals';

type WithdrawForm = z.input<typeof withdrawalSchema>;
const emptyForm: WithdrawForm = { amount: '' };

/**
 * "Withdraw balance": asks for unused credit back, once a month. The amount goes on hold at once;
 * the server checks it against the available balance and the 30 days (its message is shown).
 */
export function WithdrawDialog({ availableCents }: { availableCents: number }) {
  const [open, setOpen] = useState(false);
  const { trigger } = useRequestWithdrawal();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<WithdrawForm, unknown, z.output<typeof withdrawalSchema>>({ resolver: zodResolver(withdrawalSchema), defaultValues: emptyForm });

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) reset(emptyForm);
  }

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
      <Dialog.Body pb="6">
        <Form onSubmit={onSubmit}>
          <Text fontSize="sm" color="fg.muted">
            Once a month you can ask for unused credit back. We refund it to the card you topped up with, or pay it another way. Until then the amount is on
            hold and cannot be spent.
          </Text>
          <FormField label="Amount" helper={`Up to ${formatUsd(availableCents)} (your available balance).`} error={errors.amount?.message} required>
            <InputGroup startElement="$">
              <Input inputMode="decimal" autoComplete="off" placeholder="25.00" {...register('amount')} />
            </InputGroup>
          </FormField>
          <HStack justify="end" gap="3">
            <DialogActions>
              <Button type="submit" colorPalette="blue" loading={isSubmitting}>
                Request withdrawal
              </Button>
            </DialogActions>
          </HStack>
        </Form>
      </Dialog.Body>
    </FormDialog>
  );
}

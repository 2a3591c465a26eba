import { Button, Dialog, HStack, Input, InputGroup, NativeSelect, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ADJUSTMENT_MAX_CENTS } from '@domain/constants';
import { dollarsToCents, formatUsd } from '@domain/money';
import type { ApiUser } from '@domain/api/users';
import { adjustmentSchema } from '@domain/schemas/wallet';
import { Form } from '@/components/form';
import { DialogActions, FormDialog } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useAdjustWallet } from '../api/adjust-wallet';

const AMOUNT_MESSAGE = `Enter an amount from $0.01 to ${formatUsd(ADJUSTMENT_MAX_CENTS)}`;

/** The dialog's fields: people think in dollars and a direction; the body is signed cents (adjustmentSchema). */
const adjustForm = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: z.string().refine((v) => {
    const cents = dollarsToCents(v);
    return cents !== null && cents > 0 && cents <= ADJUSTMENT_MAX_CENTS;
  }, AMOUNT_MESSAGE),
  reason: adjustmentSchema.shape.reason,
});
type AdjustForm = z.input<typeof adjustForm>;
const emptyForm: AdjustForm = { direction: 'credit', amount: '', reason: '' };

const newKey = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** "Adjust balance" on a user's row: credits or debits the wallet with a reason the user reads. */
export function AdjustWalletDialog({ user }: { user: ApiUser }) {
  const [open, setOpen] = useState(false);
  // One key per adjustment meant: a retry after a lost answer sends the same one and adjusts once.
  const [key, setKey] = useState(newKey);
  const { trigger } = useAdjustWallet();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AdjustForm, unknown, z.output<typeof adjustForm>>({ resolver: zodResolver(adjustForm), defaultValues: emptyForm });

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) reset(emptyForm);
  }

  const onSubmit = handleSubmit(async ({ direction, amount, reason }) => {
    const cents = dollarsToCents(amount) as number;
    try {
      const answer = await trigger({ userId: user.id, key, body: { amountCents: direction === 'debit' ? -cents : cents, reason } });
      notifySuccess('Balance adjusted', `${user.email} now has ${formatUsd(answer.user.balanceCents)}.`);
      setKey(newKey());
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
      <Dialog.Body pb="6">
        <Form onSubmit={onSubmit}>
          <FormField label="Direction" required>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('direction')}>
                <option value="credit">Credit (add)</option>
                <option value="debit">Debit (take)</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Amount" helper={`Available now: ${formatUsd(user.availableCents)}.`} error={errors.amount?.message} required>
            <InputGroup startElement="$">
              <Input inputMode="decimal" autoComplete="off" placeholder="5.00" {...register('amount')} />
            </InputGroup>
          </FormField>
          <FormField label="Reason (the user sees it)" error={errors.reason?.message} required>
            <Textarea rows={2} {...register('reason')} />
          </FormField>
          <HStack justify="end" gap="3">
            <DialogActions>
              <Button type="submit" colorPalette="blue" loading={isSubmitting}>
                Adjust balance
              </Button>
            </DialogActions>
          </HStack>
        </Form>
      </Dialog.Body>
    </FormDialog>
  );
}

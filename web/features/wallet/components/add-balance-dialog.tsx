import { Button, NativeSelect } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { LuPlus } from 'react-icons/lu';
import { TOPUP_MAX_CENTS, TOPUP_MIN_CENTS } from '@domain/constants';
import { CREDIT_TYPES, topupSchema } from '@domain/schemas/payments';
import * as z from '@domain/schemas/zod';
import { AmountField } from '@/components/amount-field';
import { FormDialog, FormDialogBody } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { useFormDialog } from '@/components/use-form-dialog';
import { useLeavingPage } from '@/hooks/use-leaving-page';
import { useDeposit } from '../hooks/use-deposit';

/** The dialog's two fields, checked by the same rules the server applies to the top-up body. */
const depositSchema = z.pick(topupSchema, { creditType: true, amount: true });
type DepositForm = z.input<typeof depositSchema>;

const wholeDollars = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const amountHint = `From ${wholeDollars(TOPUP_MIN_CENTS)} to ${wholeDollars(TOPUP_MAX_CENTS)}.`;
const emptyForm: DepositForm = { creditType: 'Card', amount: '' };

/** SPEC section 2's Add Balance dialog: credit type, amount in dollars, Deposit. */
export function AddBalanceDialog() {
  const [leaving, setLeaving] = useLeavingPage();
  const deposit = useDeposit();
  const { open, changeOpen, register, handleSubmit, errors, isSubmitting } = useFormDialog<DepositForm, z.output<typeof depositSchema>>({
    resolver: zodResolver(depositSchema),
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit(async ({ creditType, amount }) => {
    const outcome = await deposit({ creditType, amount: Number(amount) });
    if (outcome === 'redirecting') setLeaving(true);
    if (outcome === 'created') changeOpen(false);
  });

  return (
    <FormDialog
      title="Add Balance"
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button colorPalette="blue">
          <LuPlus aria-hidden /> Add Balance
        </Button>
      }
    >
      <FormDialogBody
        onSubmit={onSubmit}
        cancelDisabled={leaving}
        submit={
          <Button type="submit" colorPalette="blue" loading={isSubmitting || leaving} loadingText={leaving ? 'Redirecting…' : undefined}>
            Deposit
          </Button>
        }
      >
        <FormField label="Credit type" error={errors.creditType?.message} required>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('creditType')}>
              {CREDIT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <AmountField registration={register('amount')} helper={amountHint} error={errors.amount?.message} />
      </FormDialogBody>
    </FormDialog>
  );
}

import { Button, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import type * as z from '@domain/schemas/zod';
import type { ApiPostageAdjustment } from '@domain/api/adjustments';
import { formatUsd } from '@domain/money';
import { disputeAdjustmentSchema } from '@domain/schemas/adjustments';
import { FormDialog, FormDialogBody } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useFormDialog } from '@/components/use-form-dialog';
import { useDisputeAdjustment } from '../api/adjustments';

type DisputeForm = z.input<typeof disputeAdjustmentSchema>;

/**
 * "Dispute": the shipper says why the carrier's adjustment is wrong; support gets it with the label
 * and the carrier's evidence attached and takes it up with USPS. Once per adjustment.
 */
export function DisputeDialog({ adjustment }: { adjustment: ApiPostageAdjustment }) {
  const { trigger } = useDisputeAdjustment();
  const label = adjustment.tracking ?? adjustment.shipOrderId;
  const { open, changeOpen, register, handleSubmit, errors, isSubmitting } = useFormDialog<DisputeForm, z.output<typeof disputeAdjustmentSchema>>({
    resolver: zodResolver(disputeAdjustmentSchema),
    defaultValues: { message: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await trigger({ adjustmentId: adjustment.id, body });
      notifySuccess('Dispute sent', answer.message);
      changeOpen(false);
    } catch (error) {
      notifyApiError('Dispute not sent', error, 'Please try again.');
    }
  });

  return (
    <FormDialog
      title={`Dispute the adjustment of label ${label}`}
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button size="xs" variant="outline" colorPalette="blue" aria-label={`Dispute the ${formatUsd(adjustment.amountCents)} adjustment of label ${label}`}>
          Dispute
        </Button>
      }
    >
      <FormDialogBody
        onSubmit={onSubmit}
        submit={
          <Button type="submit" colorPalette="blue" loading={isSubmitting}>
            Send dispute
          </Button>
        }
      >
        <Text fontSize="sm" color="fg.muted">
          Tell us what you shipped (weight and size as you measured them). We send it to USPS with the label and their measure; if they agree, the adjustment
          comes back to your wallet.
        </Text>
        <FormField label="Why it is wrong" error={errors.message?.message} required>
          <Textarea rows={5} autoresize {...register('message')} />
        </FormField>
      </FormDialogBody>
    </FormDialog>
  );
}

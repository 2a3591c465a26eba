import { Button, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import type { Resolver } from 'react-hook-form';
import * as z from '@domain/schemas/zod';
import { formatUsd } from '@domain/money';
import type { ApiWithdrawal } from '@domain/api/wallet';
import { rejectWithdrawalSchema } from '@domain/schemas/wallet';
import { requiredText } from '@domain/schemas/fields';
import { FormDialog, FormDialogBody } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useFormDialog } from '@/components/use-form-dialog';
import { useDecideWithdrawal } from '../api/withdrawals';

/** The approve form keeps the note as typed ('' for none); the body leaves an empty note out. */
const approveForm = z.object({ note: z.optional(z.union([z.literal(''), requiredText('Note is required', 500)])), reason: z.optional(z.string()) });
const rejectForm = z.object({ note: z.optional(z.string()), reason: rejectWithdrawalSchema.shape.reason });
type DecisionForm = z.output<typeof approveForm> | z.output<typeof rejectForm>;
const resolvers: Record<'approve' | 'reject', Resolver<{ note?: string; reason?: string }>> = {
  approve: zodResolver(approveForm) as Resolver<DecisionForm>,
  reject: zodResolver(rejectForm) as Resolver<DecisionForm>,
};
type Decision = 'approve' | 'reject';

const copy = {
  approve: {
    title: 'Approve withdrawal',
    label: 'Note (how any part not refunded to a card was paid)',
    button: 'Approve and pay back',
    explain: 'We refund the user\u2019s card top-ups, newest first, as far as they go; the rest must be paid by hand, described in the note.',
  },
  reject: {
    title: 'Reject withdrawal',
    label: 'Reason (the user sees it)',
    button: 'Reject',
    explain: 'The held amount goes back to the user\u2019s balance.',
  },
} as const;

/** Approve (or resume approving) or reject one request, with the note or reason it needs. */
export function DecideWithdrawalDialog({ withdrawal, decision }: { withdrawal: ApiWithdrawal; decision: Decision }) {
  const { trigger } = useDecideWithdrawal();
  const text = copy[decision];
  const { open, changeOpen, register, handleSubmit, errors, isSubmitting } = useFormDialog<{ note?: string; reason?: string }>({
    resolver: resolvers[decision],
    defaultValues: {},
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer =
        decision === 'approve'
          ? await trigger({ id: withdrawal.id, decision, body: values.note ? { note: values.note } : {} })
          : await trigger({ id: withdrawal.id, decision, body: { reason: values.reason ?? '' } });
      if ('pendingApproval' in answer && answer.pendingApproval) {
        notifySuccess(
          'Waiting for a second admin',
          `${formatUsd(answer.amountCents)} for ${answer.user.email} is paid once another admin approves it (Approvals).`,
        );
      } else {
        notifySuccess(decision === 'approve' ? 'Withdrawal approved' : 'Withdrawal rejected', `${formatUsd(answer.amountCents)} for ${answer.user.email}.`);
      }
      changeOpen(false);
    } catch (error) {
      notifyApiError(decision === 'approve' ? 'Approval stopped' : 'Rejection failed', error, 'Please try again.');
    }
  });

  const field = decision === 'approve' ? 'note' : 'reason';
  return (
    <FormDialog
      title={text.title}
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button size="xs" variant={decision === 'approve' ? 'solid' : 'outline'} colorPalette={decision === 'approve' ? 'green' : 'red'}>
          {decision === 'approve' ? (withdrawal.status === 'approving' ? 'Resume' : 'Approve') : 'Reject'}
        </Button>
      }
    >
      <FormDialogBody
        onSubmit={onSubmit}
        submit={
          <Button type="submit" colorPalette={decision === 'approve' ? 'green' : 'red'} loading={isSubmitting}>
            {text.button}
          </Button>
        }
      >
        <Text>
          {formatUsd(withdrawal.amountCents)} for {withdrawal.user.name} ({withdrawal.user.email}). {text.explain}
        </Text>
        <FormField label={text.label} error={errors[field]?.message} required={decision === 'reject'}>
          <Textarea rows={2} {...register(field)} />
        </FormField>
      </FormDialogBody>
    </FormDialog>
  );
}

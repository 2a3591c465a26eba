import { Button, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import type { Resolver } from 'react-hook-form';
import * as z from '@domain/schemas/zod';
import { formatUsd } from '@domain/money';
import type { ApiApproval } from '@domain/api/oversight';
import { rejectApprovalSchema } from '@domain/schemas/oversight';
import { requiredText } from '@domain/schemas/fields';
import { FormDialog, FormDialogBody } from '@/components/form-dialog';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useFormDialog } from '@/components/use-form-dialog';
import { useDecideApproval } from '../api/oversight';

/** The approve form keeps the note as typed ('' for none); the body leaves an empty note out. */
const approveForm = z.object({ note: z.optional(z.union([z.literal(''), requiredText('Note is required', 500)])), reason: z.optional(z.string()) });
const rejectForm = z.object({ note: z.optional(z.string()), reason: rejectApprovalSchema.shape.reason });
type DecisionForm = z.output<typeof approveForm> | z.output<typeof rejectForm>;
const resolvers: Record<'approve' | 'reject', Resolver<{ note?: string; reason?: string }>> = {
  approve: zodResolver(approveForm) as Resolver<DecisionForm>,
  reject: zodResolver(rejectForm) as Resolver<DecisionForm>,
};
type Decision = 'approve' | 'reject';

/** What the request does, in words: "Credit $200.00 to Ann (ann@example.com)". */
export function approvalSummary(a: ApiApproval): string {
  const who = `${a.subject.name} (${a.subject.email})`;
  if (a.kind === 'withdrawal') return `Pay back a withdrawal of ${formatUsd(a.amountCents)} to ${who}`;
  return a.amountCents > 0 ? `Credit ${formatUsd(a.amountCents)} to ${who}` : `Debit ${formatUsd(-a.amountCents)} from ${who}`;
}

/** A second admin approves or rejects one pending request. */
export function DecideApprovalDialog({ approval, decision }: { approval: ApiApproval; decision: Decision }) {
  const { trigger } = useDecideApproval();
  const { open, changeOpen, register, handleSubmit, errors, isSubmitting } = useFormDialog<{ note?: string; reason?: string }>({
    resolver: resolvers[decision],
    defaultValues: {},
  });
  const withdrawal = approval.kind === 'withdrawal';

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (decision === 'approve') await trigger({ id: approval.id, decision, body: values.note ? { note: values.note } : {} });
      else await trigger({ id: approval.id, decision, body: { reason: values.reason ?? '' } });
      notifySuccess(decision === 'approve' ? 'Approved' : 'Rejected', approvalSummary(approval));
      changeOpen(false);
    } catch (error) {
      notifyApiError(decision === 'approve' ? 'Approval failed' : 'Rejection failed', error, 'Please try again.');
    }
  });

  const field = decision === 'approve' ? 'note' : 'reason';
  return (
    <FormDialog
      title={decision === 'approve' ? 'Approve as second admin' : 'Reject request'}
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button
          size="xs"
          variant={decision === 'approve' ? 'solid' : 'outline'}
          colorPalette={decision === 'approve' ? 'green' : 'red'}
          aria-label={`${decision === 'approve' ? 'Approve' : 'Reject'}: ${approvalSummary(approval)}`}
        >
          {decision === 'approve' ? 'Approve' : 'Reject'}
        </Button>
      }
    >
      <FormDialogBody
        onSubmit={onSubmit}
        submit={
          <Button type="submit" colorPalette={decision === 'approve' ? 'green' : 'red'} loading={isSubmitting}>
            {decision === 'approve' ? 'Approve' : 'Reject'}
          </Button>
        }
      >
        <Text>
          {approvalSummary(approval)}, asked by {approval.requestedBy.email}
          {approval.reason ? `: ${approval.reason}` : '.'}{' '}
          {decision === 'approve' ? 'The money moves now.' : 'Nothing moves; the first admin sees your reason in the audit log.'}
        </Text>
        {(decision === 'reject' || withdrawal) && (
          <FormField
            label={decision === 'approve' ? 'Note (how any part not refunded to a card was paid; the first admin\u2019s note otherwise)' : 'Reason'}
            error={errors[field]?.message}
            required={decision === 'reject'}
          >
            <Textarea rows={2} {...register(field)} />
          </FormField>
        )}
      </FormDialogBody>
    </FormDialog>
  );
}

import { Button, Card, Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { useForm } from 'react-hook-form';
import { LuSend } from 'react-icons/lu';
import type * as z from '@domain/schemas/zod';
import { SUPPORT_SUBJECTS } from '@domain/constants';
import { supportSchema } from '@domain/schemas/support';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import { TextLink } from '@/components/text-link';
import { useDashboardPaths } from '@/components/use-dashboard-paths';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { useSession } from '@/lib/session';
import { useCreateSupportRequest } from '../api/create-support-request';

type SupportForm = z.input<typeof supportSchema>;

/**
 * SPEC section 2's support form, for users and admins alike: the account's email (read-only; replies
 * go there), a subject from SPEC's list and the message. It posts to our own POST /support.
 */
export function SupportPage() {
  const { user } = useSession();
  const email = user?.email ?? '';
  const { faq } = useDashboardPaths();
  const { trigger: send } = useCreateSupportRequest();
  // One key per message meant: sending the same message again after a lost answer stores it once.
  const idempotency = useIdempotencyKey();
  const empty: SupportForm = { email, subject: '' as SupportForm['subject'], message: '' };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SupportForm, unknown, z.output<typeof supportSchema>>({ resolver: zodResolver(supportSchema), defaultValues: empty });

  const onSubmit = handleSubmit(async ({ subject, message }) => {
    try {
      const body = { email, subject, message, _replyto: email };
      const answer = await send({ body, idempotencyKey: idempotency.keyFor(body) });
      idempotency.settle();
      notifySuccess('Support request sent', answer.message);
      reset(empty);
    } catch (error) {
      notifyApiError('Failed to send support request', error);
    }
  });

  return (
    <>
      <PageTitle>Support</PageTitle>
      <Text color="fg.muted" mb="6" maxW="2xl">
        Tell us what you need and we will answer by email. Many questions are already answered in the <TextLink to={faq}>FAQ</TextLink>.
      </Text>
      <Card.Root maxW="2xl">
        <Card.Body>
          <Form onSubmit={onSubmit}>
            <FormField label="Email" helper="We reply to your account's email." readOnly>
              <Input value={email} readOnly variant="subtle" />
            </FormField>
            <FormField label="Subject" error={errors.subject?.message} required>
              <NativeSelect.Root>
                <NativeSelect.Field placeholder="Select a subject" {...register('subject')}>
                  {SUPPORT_SUBJECTS.map((subject) => (
                    <option key={subject} value={subject}>
                      {subject}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Message" error={errors.message?.message} required>
              <Textarea rows={6} autoresize {...register('message')} />
            </FormField>
            <Button type="submit" colorPalette="blue" alignSelf="start" loading={isSubmitting}>
              <LuSend aria-hidden /> Send Message
            </Button>
          </Form>
        </Card.Body>
      </Card.Root>
    </>
  );
}

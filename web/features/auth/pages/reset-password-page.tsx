import { Alert, Button, Input } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import type * as z from '@domain/schemas/zod';
import { resetPasswordFormSchema } from '@domain/schemas/auth';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError } from '@/components/notify';
import { PasswordChecklist } from '@/components/password-checklist';
import { TextLink } from '@/components/text-link';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api/reset-password';
import { AuthPage } from '../components/auth-page';

type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { trigger: resetPassword } = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { token, password: '', confirmPassword: '' } });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await resetPassword({ token, password });
      onDone();
    } catch (error) {
      notifyApiError('Failed to reset password', error, 'Please try again.');
    }
  });

  return (
    <Form onSubmit={onSubmit}>
      <FormField label="New password" error={errors.password?.message} helper={<PasswordChecklist password={password} />} required>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message} required>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <Button type="submit" colorPalette="blue" loading={isSubmitting}>
        Reset Password
      </Button>
    </Form>
  );
}

export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token');
  const [done, setDone] = useState(false);

  if (!token)
    return (
      <AuthPage title="Reset Password">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>This reset link is incomplete: it has no token. Open the link from the email again, or ask for a new one.</Alert.Description>
        </Alert.Root>
        <TextLink to={paths.forgotPassword}>Request a new reset link</TextLink>
      </AuthPage>
    );

  if (done)
    return (
      <AuthPage title="Reset Password">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Description>Your password has been reset. You can now sign in with the new password.</Alert.Description>
        </Alert.Root>
        <TextLink to={paths.login}>Sign in</TextLink>
      </AuthPage>
    );

  return (
    <AuthPage title="Reset Password">
      <ResetPasswordForm token={token} onDone={() => setDone(true)} />
      <TextLink to={paths.forgotPassword}>Need a new link?</TextLink>
    </AuthPage>
  );
}

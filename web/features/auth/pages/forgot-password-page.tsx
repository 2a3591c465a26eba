import { Alert, Button, Input, Text } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { emailOnlySchema, type EmailOnlyBody } from '@domain/schemas/auth';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError } from '@/components/notify';
import { TextLink } from '@/components/text-link';
import { paths } from '@/lib/paths';
import { useForgotPassword } from '../api/forgot-password';
import { AuthPage } from '../components/auth-page';

export function ForgotPasswordPage() {
  const { trigger: sendLink } = useForgotPassword();
  const [sentTo, setSentTo] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailOnlyBody>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await sendLink(body);
      setSentTo(body.email);
    } catch (error) {
      notifyApiError('Failed to send reset link', error, 'Please try again.');
    }
  });

  if (sentTo)
    return (
      <AuthPage title="Check Your Email">
        {/* The server answers the same for unknown addresses, so this never says whether an account exists. */}
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Description>
            If an account exists for <strong>{sentTo}</strong>, we have sent it a link to reset the password. The link is valid for one hour.
          </Alert.Description>
        </Alert.Root>
        <TextLink to={paths.login}>Back to sign in</TextLink>
      </AuthPage>
    );

  return (
    <AuthPage title="Forgot Password">
      <Text>Enter the email you signed up with and we will send you a link to choose a new password.</Text>
      <Form onSubmit={onSubmit}>
        <FormField label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <Button type="submit" colorPalette="blue" loading={isSubmitting}>
          Send Reset Link
        </Button>
      </Form>
      <TextLink to={paths.login}>Back to sign in</TextLink>
    </AuthPage>
  );
}

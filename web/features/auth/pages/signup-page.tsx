import { Button, Input, Text } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { registerSchema, type RegisterBody } from '@domain/schemas/auth';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError } from '@/components/notify';
import { PasswordChecklist } from '@/components/password-checklist';
import { TextLink } from '@/components/text-link';
import { codeJustSent } from '@/lib/navigation-state';
import { paths } from '@/lib/paths';
import { useRegister } from '../api/register';
import { AuthPage } from '../components/auth-page';
import { CaptchaField } from '../components/captcha-field';

export function SignupPage() {
  const navigate = useNavigate();
  const { trigger: signUp } = useRegister();
  const [captchaAttempt, setCaptchaAttempt] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterBody>({ resolver: zodResolver(registerSchema), defaultValues: { name: '', email: '', password: '', recaptchaToken: '' } });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await signUp(body);
      // Registration has mailed the first code.
      void navigate(paths.otpVerification, { state: codeJustSent(body.email) });
    } catch (error) {
      notifyApiError('Registration Failed', error, 'An error occurred. Please try again.');
      setCaptchaAttempt((n) => n + 1);
    }
  });

  return (
    <AuthPage title="Create Account">
      <Form onSubmit={onSubmit}>
        <FormField label="Name" error={errors.name?.message} required>
          <Input autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} helper={<PasswordChecklist password={password} />} required>
          <Input type="password" autoComplete="new-password" {...register('password')} />
        </FormField>
        <CaptchaField
          attempt={captchaAttempt}
          onChange={(token) => setValue('recaptchaToken', token, { shouldValidate: token !== '' })}
          error={errors.recaptchaToken?.message}
        />
        <Button type="submit" colorPalette="blue" loading={isSubmitting}>
          Create Account
        </Button>
      </Form>
      <Text fontSize="sm">
        Already have an account? <TextLink to={paths.login}>Sign in</TextLink>
      </Text>
    </AuthPage>
  );
}

import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOGIN_RETRY_MS } from '@domain/constants';
import { loginSchema, type LoginBody } from '@domain/schemas/auth';
import { ApiError } from '@/api-client/client';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError } from '@/components/notify';
import { TextLink } from '@/components/text-link';
import { useCountdown } from '@/hooks/use-countdown';
import { paths } from '@/lib/paths';
import { useLogin } from '../api/login';
import { AuthPage } from '../components/auth-page';
import { CaptchaField } from '../components/captcha-field';
import { codeJustSent, readAuthState } from '@/lib/navigation-state';
import { rememberedDeviceToken } from '@/lib/remembered-device';
import { markSessionVerified } from '@/lib/session';

export function LoginPage() {
  const navigate = useNavigate();
  const { from } = readAuthState(useLocation().state);
  const { trigger: login } = useLogin();
  const retryLock = useCountdown();
  const [captchaAttempt, setCaptchaAttempt] = useState(0);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '', recaptchaToken: '' } });

  const onSubmit = handleSubmit(async (body) => {
    // SPEC section 4: the button rests 4 s after every attempt, whatever the answer.
    retryLock.start(LOGIN_RETRY_MS);
    try {
      const answer = await login({ ...body, deviceToken: rememberedDeviceToken() });
      // Only a sign-in token comes with `factors`: without them this browser is a remembered device
      // and the answer's token is already the full one.
      if (!answer.factors) {
        markSessionVerified(answer.token);
        void navigate(from ?? (answer.user.role === 'admin' ? paths.admin.dashboard : paths.user.labels), { replace: true });
        return;
      }
      // An account with only the mailed code has been mailed one; the others choose on the next page.
      const mailed = answer.factors.length === 1;
      void navigate(paths.otpVerification, {
        state: { ...codeJustSent(body.email, from), ...(mailed ? {} : { codeSentAt: undefined }), factors: answer.factors },
      });
    } catch (error) {
      notifyApiError('Login Failed', error, 'An error occurred. Please try again.');
      // After too many failures the server names a longer wait (429 Retry-After): rest the button that long.
      const wait = error instanceof ApiError && error.status === 429 ? (error.retryAfterSeconds ?? 0) * 1000 : 0;
      if (wait > LOGIN_RETRY_MS) retryLock.start(wait);
      setCaptchaAttempt((n) => n + 1);
    }
  });

  const locked = retryLock.secondsLeft > 0;
  return (
    <AuthPage title="Sign In">
      <Form onSubmit={onSubmit}>
        <FormField label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message} required>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
        <CaptchaField
          attempt={captchaAttempt}
          onChange={(token) => setValue('recaptchaToken', token, { shouldValidate: token !== '' })}
          error={errors.recaptchaToken?.message}
        />
        <Button type="submit" colorPalette="blue" loading={isSubmitting} disabled={locked}>
          {locked ? `Try again in ${retryLock.secondsLeft}s` : 'Sign In'}
        </Button>
      </Form>
      <Stack gap="2" fontSize="sm">
        <TextLink to={paths.forgotPassword}>Forgot your password?</TextLink>
        <Text>
          New to PrepaidShip? <TextLink to={paths.signup}>Create an account</TextLink>
        </Text>
      </Stack>
    </AuthPage>
  );
}

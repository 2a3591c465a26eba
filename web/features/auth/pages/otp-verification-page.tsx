import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { OTP_LENGTH } from '@domain/constants';
import { isNetworkError } from '@/api-client/client';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifyError, notifySuccess } from '@/components/notify';
import { TextLink } from '@/components/text-link';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { AuthPage } from '../components/auth-page';
import { readAuthState } from '@/lib/navigation-state';

/** Letters and digits only, at most OTP_LENGTH of them (SPEC section 5); codes are case-insensitive. */
export function cleanOtpInput(value: string): string {
  return value
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, OTP_LENGTH)
    .toUpperCase();
}

export function OtpVerificationPage() {
  const navigate = useNavigate();
  const session = useSession();
  const state = readAuthState(useLocation().state);
  const email = state.email ?? session.user?.email ?? '';
  const [code, setCode] = useState('');
  const { trigger: verify, isMutating: verifying } = useVerifyOtp();
  const { trigger: resend, isMutating: resending } = useResendOtp();

  // The code routes need the token from sign-in or sign-up; without one, start there.
  if (!session.token) return <Navigate to={paths.login} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== OTP_LENGTH) return;
    try {
      const { user } = await verify({ email, otp: code });
      // Back to where they were going; otherwise each role's own home.
      void navigate(state.from ?? (user.role === 'admin' ? paths.admin.dashboard : paths.user.labels), { replace: true });
    } catch (error) {
      if (isNetworkError(error)) notifyError('Network error', 'Could not reach the server. Check your connection and try again.');
      else notifyApiError('OTP verification failed', error, 'Invalid or expired OTP. Please try again.');
    }
  };

  const onResend = async () => {
    try {
      await resend({ email });
      notifySuccess('A new code is on its way', `Check ${email}.`);
    } catch (error) {
      notifyApiError('Failed to resend OTP', error, 'Please try again in a moment.');
    }
  };

  return (
    <AuthPage title="Verify Your Email">
      <Text>
        We sent a {OTP_LENGTH}-character code to <strong>{email}</strong>.
      </Text>
      <Form onSubmit={onSubmit}>
        <FormField label="Verification code">
          <Input
            value={code}
            onChange={(event) => setCode(cleanOtpInput(event.target.value))}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            fontFamily="mono"
            fontSize="xl"
            letterSpacing="0.4em"
            textAlign="center"
          />
        </FormField>
        <Button type="submit" colorPalette="blue" disabled={code.length !== OTP_LENGTH} loading={verifying}>
          Verify
        </Button>
      </Form>
      <Stack gap="2" fontSize="sm">
        <HStack gap="1">
          <Text>Didn&apos;t get it?</Text>
          <Button variant="plain" size="sm" h="auto" p="0" colorPalette="blue" color="colorPalette.fg" onClick={() => void onResend()} loading={resending}>
            Resend code
          </Button>
        </HStack>
        <TextLink to={paths.login}>Back to sign in</TextLink>
      </Stack>
    </AuthPage>
  );
}

import { Button, Checkbox, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { CODE_RESEND_MS, OTP_LENGTH } from '@domain/constants';
import { ApiError, isNetworkError } from '@/api-client/client';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifyError, notifySuccess } from '@/components/notify';
import { TextLink } from '@/components/text-link';
import { useCountdown } from '@/hooks/use-countdown';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { AuthPage } from '../components/auth-page';
import { readAuthState } from '@/lib/navigation-state';
import { mailCode, verifyPasskey, verifyRecoveryCode, verifyTotp } from '../api/second-factor';

type Method = 'totp' | 'passkey' | 'recovery' | 'email';

const METHOD_LABELS: Record<Method, string> = {
  totp: 'Use your authenticator app',
  passkey: 'Use a passkey',
  recovery: 'Use a recovery code',
  email: 'Mail me a code instead',
};

/** 42 -> '0:42', 75 -> '1:15'. */
export const minutesAndSeconds = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

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
  const factors = (state.factors ?? ['email']) as Method[];
  const [method, setMethod] = useState<Method>(factors.includes('totp') ? 'totp' : factors.includes('passkey') ? 'passkey' : 'email');
  const [rememberDevice, setRememberDevice] = useState(false);
  const [factorCode, setFactorCode] = useState('');
  const [factorBusy, setFactorBusy] = useState(false);
  const { trigger: verify, isMutating: verifying } = useVerifyOtp();
  const { trigger: resend, isMutating: resending } = useResendOtp();
  // The server mails at most one code per CODE_RESEND_MS: Resend waits that long after the code
  // sign-in or sign-up just sent, and after each resend, instead of letting a click meet a refusal.
  const resendWait = useCountdown();
  const { start: startResendWait } = resendWait;
  const { codeSentAt } = state;
  useEffect(() => {
    if (codeSentAt) startResendWait(codeSentAt + CODE_RESEND_MS - Date.now());
  }, [codeSentAt, startResendWait]);

  // The code routes need the token from sign-in or sign-up; without one, start there.
  if (!session.token) return <Navigate to={paths.login} replace />;

  const goOn = (role: string | undefined) => void navigate(state.from ?? (role === 'admin' ? paths.admin.dashboard : paths.user.labels), { replace: true });

  const chooseMethod = async (next: Method) => {
    setFactorCode('');
    if (next === 'email' && method !== 'email') {
      try {
        await mailCode(email);
        resendWait.start(CODE_RESEND_MS);
        notifySuccess('A code is on its way', `Check ${email}.`);
      } catch (error) {
        notifyApiError('Could not mail a code', error, 'Please try again in a moment.');
      }
    }
    setMethod(next);
  };

  const onFactor = async (event?: FormEvent) => {
    event?.preventDefault();
    setFactorBusy(true);
    try {
      const answer =
        method === 'totp'
          ? await verifyTotp({ email, code: factorCode, rememberDevice })
          : method === 'recovery'
            ? await verifyRecoveryCode({ email, code: factorCode, rememberDevice })
            : await verifyPasskey(email, rememberDevice);
      goOn(answer.user.role);
    } catch (error) {
      if (isNetworkError(error)) notifyError('Network error', 'Could not reach the server. Check your connection and try again.');
      else notifyApiError('Verification failed', error, 'That did not work. Please try again.');
    } finally {
      setFactorBusy(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== OTP_LENGTH) return;
    try {
      const { user } = await verify({ email, otp: code, rememberDevice });
      // Back to where they were going; otherwise each role's own home.
      goOn(user.role);
    } catch (error) {
      if (isNetworkError(error)) notifyError('Network error', 'Could not reach the server. Check your connection and try again.');
      else notifyApiError('OTP verification failed', error, 'Invalid or expired OTP. Please try again.');
    }
  };

  const onResend = async () => {
    try {
      await resend({ email });
      resendWait.start(CODE_RESEND_MS);
      notifySuccess('A new code is on its way', `Check ${email}.`);
    } catch (error) {
      // Refused as too soon (a reload, another tab): the link counts the server's wait down, which
      // says it all; a longer wait (several codes this hour) also gets the server's reason.
      const waitMs = error instanceof ApiError && error.status === 429 ? (error.retryAfterSeconds ?? CODE_RESEND_MS / 1000) * 1000 : 0;
      if (waitMs > 0) resendWait.start(waitMs);
      if (waitMs === 0 || waitMs > CODE_RESEND_MS) notifyApiError('Failed to resend OTP', error, 'Please try again in a moment.');
    }
  };
  const waiting = resendWait.secondsLeft > 0;

  const remember = (
    <Checkbox.Root checked={rememberDevice} onCheckedChange={(e) => setRememberDevice(e.checked === true)} size="sm">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>Remember this device for 30 days</Checkbox.Label>
    </Checkbox.Root>
  );
  const others = factors.filter((f) => f !== method);
  const otherMethods = others.length > 0 && (
    <Stack gap="1" fontSize="sm" align="start">
      {others.map((f) => (
        <Button key={f} variant="plain" size="sm" h="auto" p="0" colorPalette="blue" color="colorPalette.fg" onClick={() => void chooseMethod(f)}>
          {METHOD_LABELS[f]}
        </Button>
      ))}
    </Stack>
  );

  if (method !== 'email') {
    return (
      <AuthPage title="Confirm It's You">
        {method === 'passkey' ? (
          <Stack gap="4">
            <Text>
              Use the passkey you set up for <strong>{email}</strong>.
            </Text>
            {remember}
            <Button colorPalette="blue" onClick={() => void onFactor()} loading={factorBusy}>
              Use passkey
            </Button>
          </Stack>
        ) : (
          <Form onSubmit={(event) => void onFactor(event)}>
            <FormField label={method === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}>
              <Input
                value={factorCode}
                onChange={(event) => setFactorCode(method === 'totp' ? event.target.value.replace(/\D/g, '').slice(0, 6) : event.target.value.slice(0, 11))}
                autoComplete="one-time-code"
                inputMode={method === 'totp' ? 'numeric' : 'text'}
                spellCheck={false}
                fontFamily="mono"
                fontSize="xl"
                letterSpacing="0.3em"
                textAlign="center"
              />
            </FormField>
            {remember}
            <Button type="submit" colorPalette="blue" disabled={method === 'totp' ? factorCode.length !== 6 : factorCode.length < 10} loading={factorBusy}>
              Verify
            </Button>
          </Form>
        )}
        {otherMethods}
        <TextLink to={paths.login}>Back to sign in</TextLink>
      </AuthPage>
    );
  }

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
        {remember}
        <Button type="submit" colorPalette="blue" disabled={code.length !== OTP_LENGTH} loading={verifying}>
          Verify
        </Button>
      </Form>
      <Stack gap="2" fontSize="sm">
        <HStack gap="1">
          <Text>Didn&apos;t get it?</Text>
          <Button
            variant="plain"
            size="sm"
            h="auto"
            p="0"
            colorPalette="blue"
            color="colorPalette.fg"
            onClick={() => void onResend()}
            loading={resending}
            disabled={waiting}
          >
            {waiting ? `Resend in ${minutesAndSeconds(resendWait.secondsLeft)}` : 'Resend code'}
          </Button>
        </HStack>
        {otherMethods}
        <TextLink to={paths.login}>Back to sign in</TextLink>
      </Stack>
    </AuthPage>
  );
}

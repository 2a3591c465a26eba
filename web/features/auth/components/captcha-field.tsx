/**
 * The sign-up and sign-in captcha. The server says which provider runs (GET /auth/captcha-challenge):
 * ALTCHA's proof of work, Google's checkbox, or none (tests). The solved token goes to the form's
 * `recaptchaToken` through `onChange`; '' means not solved yet.
 */
import { Button, Fieldset, HStack, Text } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useCaptchaChallenge } from '../api/get-captcha-challenge';
import { AltchaWidget } from './altcha-widget';
import { RecaptchaCheckbox } from './recaptcha-checkbox';

interface CaptchaFieldProps {
  /** Bump after each failed submit: a solution is accepted once, so every try needs a new challenge. */
  attempt: number;
  onChange: (token: string) => void;
  /** The form's validation message for the token. */
  error?: string;
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <HStack gap="3">
      <Text color="fg.error">The verification could not be loaded.</Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </HStack>
  );
}

export function CaptchaField({ attempt, onChange, error }: CaptchaFieldProps) {
  const { data, error: loadError, key, reload } = useCaptchaChallenge(attempt);
  // The challenge whose widget failed to load: a new challenge (Retry) starts without the failure.
  const [failedKey, setFailedKey] = useState<string>();
  const widgetFailed = failedKey === key;
  const report = useEffectEvent(onChange);

  // Each new challenge starts unsolved; with no captcha configured there is nothing to solve.
  useEffect(() => {
    report(data?.provider === 'none' ? 'none' : '');
  }, [data]);

  if (data?.provider === 'none') return null;

  let body;
  if (loadError || widgetFailed) body = <LoadFailed onRetry={reload} />;
  else if (data?.provider === 'altcha')
    body = (
      <AltchaWidget
        key={key}
        challenge={data.challenge}
        solveAtOnce={attempt > 0}
        onToken={onChange}
        onExpired={reload}
        onLoadError={() => setFailedKey(key)}
      />
    );
  else if (data?.provider === 'recaptcha') body = <RecaptchaCheckbox key={key} siteKey={data.siteKey} onToken={onChange} onError={() => setFailedKey(key)} />;
  else body = <Text color="fg.muted">Loading verification…</Text>;

  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend srOnly>Verification</Fieldset.Legend>
      {body}
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}

/**
 * ALTCHA's proof-of-work widget (a web component). The package is imported only when this renders,
 * so the landing page and the dashboard never download it.
 */
import type {} from 'altcha/types/react'; // JSX typing of <altcha-widget>
import { Skeleton } from '@chakra-ui/react';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

interface AltchaWidgetProps {
  /** The challenge JSON from GET /auth/captcha-challenge. */
  challenge: object;
  /** Solve as soon as it shows (a retry after a failed submit) instead of on the first focus in the form. */
  solveAtOnce: boolean;
  /** The payload once solved; '' while unsolved. */
  onToken: (token: string) => void;
  /** The challenge ran out of time; a new one is needed. */
  onExpired: () => void;
  /** The widget's code could not be downloaded. */
  onLoadError: () => void;
}

interface StateChangeDetail {
  state: 'unverified' | 'verifying' | 'verified' | 'error' | 'expired' | 'code';
  payload?: string | null;
}

export function AltchaWidget({ challenge, solveAtOnce, onToken, onExpired, onLoadError }: AltchaWidgetProps) {
  const [loaded, setLoaded] = useState(() => customElements.get('altcha-widget') !== undefined);
  const failed = useEffectEvent(onLoadError);
  useEffect(() => {
    if (!loaded) import('altcha').then(() => setLoaded(true), failed);
  }, [loaded]);

  const onStateChange = useEffectEvent((event: Event) => {
    const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
    if (state === 'expired') onExpired();
    else onToken(state === 'verified' && payload ? payload : '');
  });
  // A ref callback rather than an effect: the listener is in place before the widget can report.
  const listen = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, []);

  if (!loaded) return <Skeleton h="16" maxW="80" rounded="md" />;
  return <AltchaElement listen={listen} challenge={challenge} solveAtOnce={solveAtOnce} />;
}

/** Someone is already typing in a field: the focus the widget waits for came before it did. */
const typing = () => document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement;

function AltchaElement({ listen, challenge, solveAtOnce }: { listen: (element: HTMLElement | null) => void } & Pick<AltchaWidgetProps, 'challenge' | 'solveAtOnce'>) {
  // Decided once, when the element appears: a widget that arrives after the person started typing
  // (a slow connection) would otherwise wait for a focus that already happened, and never solve.
  const [startedTyping] = useState(typing);
  // `challenge` takes the challenge itself as JSON (altcha 3: a value starting with "{" is parsed,
  // anything else is fetched as a URL).
  return <altcha-widget ref={listen} challenge={JSON.stringify(challenge)} auto={solveAtOnce || startedTyping ? 'onload' : 'onfocus'} />;
}

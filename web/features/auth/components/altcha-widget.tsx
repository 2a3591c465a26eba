/**
 * ALTCHA's proof-of-work widget (a web component). The package is imported only when this renders,
 * so the landing page and the dashboard never download it.
 */
import type {} from 'altcha/types/react'; // JSX typing of <altcha-widget>
import { Skeleton } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type Ref } from 'react';

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
  const widget = useRef<HTMLElement>(null);
  // A layout effect, not a passive one: like a ref callback it runs in the commit that inserts the
  // element, before the browser regains control, so the listener is in place before the widget can report.
  useLayoutEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const listener = (event: Event) => onStateChange(event);
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, [loaded]);

  if (!loaded) return <Skeleton h="16" maxW="80" rounded="md" />;
  return <AltchaElement ref={widget} challenge={challenge} solveAtOnce={solveAtOnce} />;
}

/** Someone is already typing in a field: the focus the widget waits for came before it did. */
const typing = () => document.activeElement instanceof HTMLInputElement || document.activeElement instanceof HTMLTextAreaElement;

function AltchaElement({ ref, challenge, solveAtOnce }: { ref: Ref<HTMLElement> } & Pick<AltchaWidgetProps, 'challenge' | 'solveAtOnce'>) {
  // Decided once, when the element appears: a widget that arrives after the person started typing
  // (a slow connection) would otherwise wait for a focus that already happened, and never solve.
  const [startedTyping] = useState(typing);
  // `challenge` takes the challenge itself as JSON (altcha 3: a value starting with "{" is parsed,
  // anything else is fetched as a URL).
  return <altcha-widget ref={ref} challenge={JSON.stringify(challenge)} auto={solveAtOnce || startedTyping ? 'onload' : 'onfocus'} />;
}

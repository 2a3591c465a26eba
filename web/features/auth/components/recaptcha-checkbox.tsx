/**
 * Google's reCAPTCHA v2 checkbox, for deployments that set CAPTCHA_PROVIDER=recaptcha. Google's
 * script is loaded on first use only, with explicit rendering so each mount gets its own widget.
 */
import { useEffect, useEffectEvent, useRef } from 'react';

interface Grecaptcha {
  render(container: HTMLElement, parameters: Record<string, unknown>): number;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    onRecaptchaLoaded?: () => void;
  }
}

let script: Promise<Grecaptcha> | undefined;

function loadRecaptcha(): Promise<Grecaptcha> {
  script ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.onRecaptchaLoaded = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('reCAPTCHA did not start')));
    const tag = document.createElement('script');
    tag.src = 'https://www.google.com/recaptcha/api.js?onload=onRecaptchaLoaded&render=explicit';
    tag.async = true;
    tag.onerror = () => {
      script = undefined; // let a later mount try again
      tag.remove();
      reject(new Error('reCAPTCHA could not be loaded'));
    };
    document.head.append(tag);
  });
  return script;
}

export function RecaptchaCheckbox({ siteKey, onToken, onError }: { siteKey: string; onToken: (token: string) => void; onError: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const report = useEffectEvent(onToken);
  const fail = useEffectEvent(onError);

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha().then(
      (grecaptcha) => {
        if (cancelled || !container.current) return;
        grecaptcha.render(container.current, {
          sitekey: siteKey,
          callback: (token: string) => report(token),
          'expired-callback': () => report(''),
          'error-callback': () => report(''),
        });
      },
      () => {
        if (!cancelled) fail();
      },
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  return <div ref={container} />;
}

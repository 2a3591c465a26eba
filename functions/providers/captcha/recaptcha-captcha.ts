/**
 * Google reCAPTCHA (v2 checkbox or v3): the browser gets a token from Google's widget with the site
 * key, and we ask Google's siteverify whether it is good. Google, not us, refuses a reused token.
 *
 * Only a clear "no" from Google is false. When Google cannot be asked (network, timeout, an answer
 * that is not JSON) or says our own secret is wrong, verify() throws: the handler answers 5xx, so a
 * person is never told they are a robot because of our outage or misconfiguration.
 */
import type { Captcha } from './captcha';

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const TIMEOUT_MS = 5_000;
/** Error codes that mean our configuration is wrong, not the visitor's token. */
const OUR_FAULT = ['missing-input-secret', 'invalid-input-secret'];

/** Google's answer, as documented: https://developers.google.com/recaptcha/docs/verify */
interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: string[];
}

export function createRecaptchaCaptcha(keys: { siteKey?: string; secretKey?: string }): Captcha {
  const { siteKey, secretKey } = keys;
  if (!siteKey || !secretKey) {
    throw new Error('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY');
  }
  return {
    challenge: () => Promise.resolve({ provider: 'recaptcha', siteKey }),

    async verify(token, remoteIp) {
      if (!token) return false;
      const form = new URLSearchParams({ secret: secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      const answer = await siteverify(form);
      if (answer['error-codes']?.some((code) => OUR_FAULT.includes(code))) {
        throw new Error(`reCAPTCHA rejected our secret key: ${answer['error-codes'].join(', ')}`);
      }
      return answer.success === true;
    },
  };
}

async function siteverify(form: URLSearchParams): Promise<SiteverifyAnswer> {
  try {
    const res = await fetch(SITEVERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`);
    return (await res.json()) as SiteverifyAnswer;
  } catch (err) {
    // The message names no secret; the cause keeps the network detail for the 5xx log line.
    throw new Error('reCAPTCHA verification could not be done', { cause: err });
  }
}

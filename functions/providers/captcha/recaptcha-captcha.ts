/**
 * Google reCAPTCHA (v2 checkbox or v3): the browser gets a token from Google's widget with the site
 * key, and we ask Google's siteverify whether it is good. Google, not us, refuses a reused token.
 *
 * `success` alone only says the token is Google's and fresh. A token also counts only when it was
 * solved on our site (`hostname`, one of `hostnames`: Google says to check it yourself whenever
 * domain validation is off in its console). A v3 answer (it carries a `score`) must also reach
 * `minScore` and name one of our form actions: a v3 token for a low-risk action (a page view) or
 * a likely bot must not open sign-in. A v2 answer has no score or action, so those two checks do
 * not apply: the widget the SPA renders today is the v2 checkbox (web/features/auth), and a v2 key
 * keeps working. Which version answers is Google's to say, per site key: a v3 key never
 * gets an answer without a score.
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

/**
 * The actions our forms name when they run a v3 widget (`grecaptcha.execute(siteKey, { action })`).
 * The v2 checkbox the SPA renders today names none; a v3 SPA must use these.
 */
export const RECAPTCHA_ACTIONS = ['login', 'signup'] as const;

/** The lowest v3 score accepted unless RECAPTCHA_MIN_SCORE says otherwise (Google's suggested start). */
export const DEFAULT_RECAPTCHA_MIN_SCORE = 0.5;

/**
 * Google's answer, as documented: https://developers.google.com/recaptcha/docs/verify (v2) and
 * https://developers.google.com/recaptcha/docs/v3 (v3 adds score and action).
 */
interface SiteverifyAnswer {
  success?: unknown;
  hostname?: unknown;
  score?: unknown;
  action?: unknown;
  'error-codes'?: string[];
}

export interface RecaptchaOptions {
  siteKey?: string;
  secretKey?: string;
  /** Where our forms are served (no port): the APP_URL host, or RECAPTCHA_HOSTNAMES. */
  hostnames: readonly string[];
  /** v3 only: the lowest score that counts as a person, 0 to 1. */
  minScore?: number;
}

/** True when Google's answer is a solved captcha of ours: the rules in this file's header. */
export function answerCounts(answer: SiteverifyAnswer, options: Pick<RecaptchaOptions, 'hostnames' | 'minScore'>): boolean {
  if (answer.success !== true) return false;
  const hostname = typeof answer.hostname === 'string' ? answer.hostname.toLowerCase() : undefined;
  if (!hostname || !options.hostnames.some((allowed) => allowed.toLowerCase() === hostname)) return false;
  if (answer.score === undefined) return true; // v2: no score, no action
  const minScore = options.minScore ?? DEFAULT_RECAPTCHA_MIN_SCORE;
  return (
    typeof answer.score === 'number' &&
    answer.score >= minScore &&
    typeof answer.action === 'string' &&
    (RECAPTCHA_ACTIONS as readonly string[]).includes(answer.action)
  );
}

export function createRecaptchaCaptcha(options: RecaptchaOptions): Captcha {
  const { siteKey, secretKey } = options;
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
      return answerCounts(answer, options);
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

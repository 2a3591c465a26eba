/**
 * reCAPTCHA against siteverify answers (test/fixtures/recaptcha/, README there), shaped as Google
 * documents them for v2 and v3. `fetch` is stubbed: no network.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../functions/config';
import { createRecaptchaCaptcha, RECAPTCHA_ACTIONS } from '../../../functions/providers/captcha/recaptcha-captcha';
import { getCaptcha } from '../../../functions/providers/registry/captcha';
import badSecret from '../../fixtures/recaptcha/siteverify-bad-secret.json';
import failure from '../../fixtures/recaptcha/siteverify-failure.json';
import success from '../../fixtures/recaptcha/siteverify-success.json';
import duplicate from '../../fixtures/recaptcha/siteverify-timeout-or-duplicate.json';
import v3LowScore from '../../fixtures/recaptcha/siteverify-v3-low-score.json';
import v3OtherAction from '../../fixtures/recaptcha/siteverify-v3-other-action.json';
import v3OtherHostname from '../../fixtures/recaptcha/siteverify-v3-other-hostname.json';
import v3Success from '../../fixtures/recaptcha/siteverify-v3-success.json';

const HOST = 'prepaidship.example';
const recaptcha = createRecaptchaCaptcha({ siteKey: 'site-key-123', secretKey: 'secret-key-456', hostnames: [HOST] });

/** Stubs the global fetch with Google's recorded answer and returns the stub to inspect the request. */
function googleAnswers(answer: unknown, status = 200) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => Response.json(answer, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('reCAPTCHA', () => {
  it('gives the SPA the site key, never the secret', async () => {
    expect(await recaptcha.challenge()).toEqual({ provider: 'recaptcha', siteKey: 'site-key-123' });
  });

  it('accepts a token Google confirms, posting secret, response and remoteip as a form', async () => {
    const fetch = googleAnswers(success);
    expect(await recaptcha.verify('token-from-widget', '203.0.113.7')).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
    expect(init?.body).toBe('secret=secret-key-456&response=token-from-widget&remoteip=203.0.113.7');
  });

  it('leaves remoteip out when the caller does not know it', async () => {
    const fetch = googleAnswers(success);
    await recaptcha.verify('token-from-widget');
    expect(fetch.mock.calls[0]?.[1]?.body).toBe('secret=secret-key-456&response=token-from-widget');
  });

  it('gives up on Google after 5 seconds', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const fetch = googleAnswers(success);
    await recaptcha.verify('token-from-widget');
    expect(timeout).toHaveBeenCalledWith(5_000);
    expect(fetch.mock.calls[0]?.[1]?.signal).toBe(timeout.mock.results[0]?.value);
  });

  it('refuses a token Google refuses', async () => {
    googleAnswers(failure);
    expect(await recaptcha.verify('expired-or-forged')).toBe(false);
  });

  it('refuses an empty token without asking Google', async () => {
    const fetch = googleAnswers(success);
    expect(await recaptcha.verify('')).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('throws when Google cannot be reached, so the caller answers 5xx instead of "robot"', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    await expect(recaptcha.verify('token')).rejects.toThrow('reCAPTCHA verification could not be done');
  });

  it('throws when Google answers with an error status or not JSON', async () => {
    googleAnswers({ error: 'unavailable' }, 503);
    await expect(recaptcha.verify('token')).rejects.toThrow('could not be done');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(recaptcha.verify('token')).rejects.toThrow('could not be done');
  });

  it("throws when Google says our secret key is wrong: that is our fault, not the visitor's", async () => {
    googleAnswers(badSecret);
    await expect(recaptcha.verify('token')).rejects.toThrow('invalid-input-secret');
  });

  it('never puts the secret key in an error message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    const err = await recaptcha.verify('token').catch((e: Error) => e);
    expect(String((err as Error).message)).not.toContain('secret-key-456');
  });

  it('cannot be made without both keys', () => {
    expect(() => createRecaptchaCaptcha({ siteKey: 'site', hostnames: [HOST] })).toThrow(/RECAPTCHA_SECRET_KEY/);
    expect(() => createRecaptchaCaptcha({ secretKey: 'secret', hostnames: [HOST] })).toThrow(/RECAPTCHA_SITE_KEY/);
  });

  it('refuses a token Google reports used twice or expired', async () => {
    googleAnswers(duplicate);
    expect(await recaptcha.verify('replayed')).toBe(false);
  });
});

describe('reCAPTCHA: more than success', () => {
  it('v2: refuses a solved checkbox whose answer names another host, or none', async () => {
    googleAnswers({ ...success, hostname: 'prepaidship-lookalike.example' });
    expect(await recaptcha.verify('token')).toBe(false);
    googleAnswers({ success: true, challenge_ts: success.challenge_ts });
    expect(await recaptcha.verify('token')).toBe(false);
  });

  it('v2: takes the host in any letter case', async () => {
    googleAnswers({ ...success, hostname: 'PrepaidShip.Example' });
    expect(await recaptcha.verify('token')).toBe(true);
  });

  it('v3: accepts a score of 0.9 for our login action on our host', async () => {
    googleAnswers(v3Success);
    expect(await recaptcha.verify('v3-token')).toBe(true);
    googleAnswers({ ...v3Success, action: 'signup' });
    expect(await recaptcha.verify('v3-token')).toBe(true);
  });

  it('v3: refuses a score under 0.5 (a likely bot) although Google says success', async () => {
    googleAnswers(v3LowScore);
    expect(v3LowScore.success).toBe(true);
    expect(await recaptcha.verify('v3-token')).toBe(false);
  });

  it('v3: the threshold is the setting: exactly the minimum passes, just under it fails', async () => {
    const strict = createRecaptchaCaptcha({ siteKey: 's', secretKey: 'k', hostnames: [HOST], minScore: 0.7 });
    googleAnswers({ ...v3Success, score: 0.7 });
    expect(await strict.verify('t')).toBe(true);
    googleAnswers({ ...v3Success, score: 0.6 });
    expect(await strict.verify('t')).toBe(false);
    const lenient = createRecaptchaCaptcha({ siteKey: 's', secretKey: 'k', hostnames: [HOST], minScore: 0.1 });
    googleAnswers(v3LowScore);
    expect(await lenient.verify('t')).toBe(true);
  });

  it('v3: refuses a token minted for another action (a page view), or for none', async () => {
    googleAnswers(v3OtherAction);
    expect(await recaptcha.verify('v3-token')).toBe(false);
    googleAnswers({ ...v3Success, action: undefined });
    expect(await recaptcha.verify('v3-token')).toBe(false);
  });

  it('v3: refuses a token solved on another host', async () => {
    googleAnswers(v3OtherHostname);
    expect(await recaptcha.verify('v3-token')).toBe(false);
  });

  it('v3: refuses a score that is not a number', async () => {
    googleAnswers({ ...v3Success, score: '0.9' });
    expect(await recaptcha.verify('v3-token')).toBe(false);
  });

  it('names the actions our forms would send with a v3 widget', () => {
    expect(RECAPTCHA_ACTIONS).toEqual(['login', 'signup']);
  });
});

describe('reCAPTCHA settings (getCaptcha)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });
  function useEnv(vars: Record<string, string>) {
    vi.stubEnv('CAPTCHA_PROVIDER', 'recaptcha');
    vi.stubEnv('RECAPTCHA_SITE_KEY', 'site');
    vi.stubEnv('RECAPTCHA_SECRET_KEY', 'secret');
    for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
    resetConfigForTests();
  }

  it('takes the host of APP_URL and a minimum score of 0.5 when neither is set', async () => {
    useEnv({ APP_URL: 'https://prepaidship.example:8443/app' });
    googleAnswers(v3Success);
    expect(await getCaptcha().verify('t')).toBe(true);
    googleAnswers({ ...v3Success, score: 0.49 });
    expect(await getCaptcha().verify('t')).toBe(false);
    googleAnswers({ ...v3Success, hostname: 'localhost' });
    expect(await getCaptcha().verify('t')).toBe(false);
  });

  it('takes RECAPTCHA_HOSTNAMES (comma-separated) instead of the APP_URL host, and RECAPTCHA_MIN_SCORE', async () => {
    useEnv({ APP_URL: 'http://localhost:3000', RECAPTCHA_HOSTNAMES: ' www.prepaidship.example, Prepaidship.example ', RECAPTCHA_MIN_SCORE: '0.8' });
    googleAnswers(v3Success);
    expect(await getCaptcha().verify('t')).toBe(true);
    googleAnswers({ ...v3Success, hostname: 'www.prepaidship.example', score: 0.79 });
    expect(await getCaptcha().verify('t')).toBe(false);
    googleAnswers({ ...v3Success, hostname: 'localhost' });
    expect(await getCaptcha().verify('t')).toBe(false);
  });

  it('refuses a minimum score outside 0 to 1 at start', () => {
    useEnv({ RECAPTCHA_MIN_SCORE: '5' });
    expect(() => getCaptcha()).toThrow(/RECAPTCHA_MIN_SCORE/);
  });
});

/**
 * reCAPTCHA against recorded siteverify answers (test/fixtures/recaptcha/), shaped as Google documents
 * them at https://developers.google.com/recaptcha/docs/verify. `fetch` is stubbed: no network.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecaptchaCaptcha } from '../../../functions/providers/captcha/recaptcha-captcha';
import badSecret from '../../fixtures/recaptcha/siteverify-bad-secret.json';
import failure from '../../fixtures/recaptcha/siteverify-failure.json';
import success from '../../fixtures/recaptcha/siteverify-success.json';

const recaptcha = createRecaptchaCaptcha({ siteKey: 'site-key-123', secretKey: 'secret-key-456' });

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
    expect(() => createRecaptchaCaptcha({ siteKey: 'site' })).toThrow(/RECAPTCHA_SECRET_KEY/);
    expect(() => createRecaptchaCaptcha({ secretKey: 'secret' })).toThrow(/RECAPTCHA_SITE_KEY/);
  });
});

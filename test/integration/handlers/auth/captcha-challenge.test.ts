/**
 * GET /auth/captcha-challenge: the challenge comes from the real provider that CAPTCHA_PROVIDER
 * chooses (the registry), so the wiring is tested too; answering one writes nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { invoke } from '../../security/actors';
import { withoutWrites } from '../table-changes';

/** Changes the configuration; the registry re-chooses the captcha from it. */
function useEnv(vars: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfigForTests();
}
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const challenge = () => withoutWrites(() => invoke('GET /auth/captcha-challenge'));

describe('GET /auth/captcha-challenge', () => {
  it('answers a fresh signed altcha challenge, to anyone', async () => {
    useEnv({ CAPTCHA_PROVIDER: 'altcha', ALTCHA_MAX_NUMBER: '1000' });
    const first = await challenge();
    const second = await challenge();

    expect(first.statusCode).toBe(200);
    expect(first.json).toEqual({
      provider: 'altcha',
      challenge: { parameters: expect.objectContaining({ algorithm: 'SHA-256', expiresAt: expect.any(Number) }), signature: expect.any(String) },
    });
    expect(first.body).not.toBe(second.body);
  });

  it('uses altcha when no provider is named', async () => {
    useEnv({ CAPTCHA_PROVIDER: undefined });
    expect((await challenge()).json).toMatchObject({ provider: 'altcha' });
  });

  it('answers the site key for reCAPTCHA, and never the secret', async () => {
    useEnv({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key-123', RECAPTCHA_SECRET_KEY: 'secret-key-456' });
    const res = await challenge();

    expect(res.json).toEqual({ provider: 'recaptcha', siteKey: 'site-key-123' });
    expect(res.body).not.toContain('secret-key-456');
  });

  it('answers provider none when the captcha is off', async () => {
    useEnv({ CAPTCHA_PROVIDER: 'none' });
    expect((await challenge()).json).toEqual({ provider: 'none' });
  });
});

/** The challenge comes from the real providers, chosen by CAPTCHA_PROVIDER, so the wiring is tested too. */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { handler } from '../../../../functions/handlers/auth/get-captcha-challenge';
import { apiEvent, call } from '../../functions/api-event';

const ddb = mockClient(DynamoDBDocumentClient);

/** Changes the configuration and forgets the captcha made from the old one. */
function useEnv(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfigForTests();
}

beforeEach(() => {
  ddb.reset();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const challenge = () => call(handler, apiEvent({ path: '/auth/captcha-challenge' }));

describe('GET /auth/captcha-challenge', () => {
  it('answers a fresh signed altcha challenge by default, to anyone', async () => {
    useEnv({ ALTCHA_MAX_NUMBER: '1000' });
    const first = await challenge();
    const second = await challenge();

    expect(first.statusCode).toBe(200);
    expect(first.json).toEqual({
      provider: 'altcha',
      challenge: { parameters: expect.objectContaining({ algorithm: 'SHA-256', expiresAt: expect.any(Number) }), signature: expect.any(String) },
    });
    expect(first.body).not.toBe(second.body);
    expect(ddb).not.toHaveReceivedAnyCommand();
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

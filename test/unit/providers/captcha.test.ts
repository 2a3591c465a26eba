import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { logger } from '../../../functions/observability/logger';
import { resetConfigForTests } from '../../../functions/config';
import { createAltchaCaptcha, deriveAltchaHmacKey } from '../../../functions/providers/captcha/altcha-captcha';
import { getCaptcha } from '../../../functions/providers/registry/captcha';
import { solveAltcha } from './altcha-solver';

// The solution claims (functions/data/captcha-claims.ts) all succeed: these tests are about the provider chosen.
const ddb = mockClient(DynamoDBDocumentClient);
const jwtSecret = process.env.JWT_SECRET as string;

/** Changes the configuration and forgets everything made from the old one. */
function useEnv(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfigForTests();
}

/** A challenge from getCaptcha(), solved as the widget would. */
async function solvedToken(): Promise<string> {
  const answer = await getCaptcha().challenge();
  if (answer.provider !== 'altcha') throw new Error('expected altcha');
  return solveAltcha(answer.challenge);
}

beforeEach(() => {
  ddb.reset();
  ddb.on(PutCommand).resolves({});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  resetConfigForTests();
});

describe('getCaptcha', () => {
  it('is altcha when CAPTCHA_PROVIDER is unset, made once per process', async () => {
    useEnv({ ALTCHA_MAX_NUMBER: '1000' });
    expect(getCaptcha()).toBe(getCaptcha());
    expect(await getCaptcha().challenge()).toMatchObject({ provider: 'altcha', challenge: { parameters: expect.any(Object) } });
  });

  it('signs altcha challenges with a key derived from JWT_SECRET when CAPTCHA_HMAC_KEY is unset', async () => {
    useEnv({ ALTCHA_MAX_NUMBER: '1000' });
    expect(deriveAltchaHmacKey(jwtSecret)).toBe(createHmac('sha256', jwtSecret).update('altcha-hmac-key').digest('hex'));
    const derived = createAltchaCaptcha({ hmacKey: deriveAltchaHmacKey(jwtSecret), maxNumber: 1000 });
    expect(await derived.verify(await solvedToken())).toBe(true);
  });

  it('signs altcha challenges with CAPTCHA_HMAC_KEY when it is set', async () => {
    const key = 'k'.repeat(40);
    useEnv({ ALTCHA_MAX_NUMBER: '1000', CAPTCHA_HMAC_KEY: key });
    const token = await solvedToken();
    expect(await createAltchaCaptcha({ hmacKey: deriveAltchaHmacKey(jwtSecret), maxNumber: 1000 }).verify(token)).toBe(false);
    expect(await createAltchaCaptcha({ hmacKey: key, maxNumber: 1000 }).verify(token)).toBe(true);
  });

  it('is reCAPTCHA with its site key when CAPTCHA_PROVIDER is recaptcha', async () => {
    useEnv({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret' });
    expect(await getCaptcha().challenge()).toEqual({ provider: 'recaptcha', siteKey: 'site' });
  });

  it('fails clearly when reCAPTCHA is chosen without its keys', () => {
    useEnv({ CAPTCHA_PROVIDER: 'recaptcha' });
    expect(() => getCaptcha()).toThrow('CAPTCHA_PROVIDER=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY');
  });

  it('with none, accepts any non-empty token and warns once that it is for tests only', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    useEnv({ CAPTCHA_PROVIDER: 'none' });
    logger.setLogLevel('WARN');
    onTestFinished(() => logger.setLogLevel('SILENT'));
    const captcha = getCaptcha();
    getCaptcha();
    expect(await captcha.challenge()).toEqual({ provider: 'none' });
    expect(await captcha.verify('anything')).toBe(true);
    expect(await captcha.verify('')).toBe(false);
    expect(await captcha.verify('  ')).toBe(false);
    expect(stderr).toHaveBeenCalledTimes(1);
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(/"level":"WARN".*for tests only/);
  });
});

/**
 * The environment configuration (functions/config.ts): defaults for what is unset, values coerced
 * and checked as documented there, unknown variables left out, and every invalid setting named in
 * one "Invalid configuration: NAME: problem; ..." error, so a Lambda with a bad setting fails its
 * cold start saying which one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config, resetConfigForTests } from '../../../functions/config';
import { getCardCheckout, getCryptoCheckout } from '../../../functions/providers/registry/payments';

const JWT = 'j'.repeat(40);

/** config() read from exactly `env` (plus a valid JWT_SECRET unless given). */
function configFrom(env: Record<string, string>) {
  for (const name of Object.keys(process.env)) vi.stubEnv(name, undefined);
  vi.stubEnv('JWT_SECRET', JWT);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  resetConfigForTests();
  return config();
}

/** The settings an invalid `env` is refused for, from the error's message (`NAME.key` names the setting). */
function refused(env: Record<string, string>): string[] {
  try {
    configFrom(env);
  } catch (error) {
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration: /);
    return message
      .replace(/^Invalid configuration: /, '')
      .split('; ')
      .map((problem) => problem.split(':')[0]!.split('.')[0]!);
  }
  throw new Error('expected the configuration to be refused');
}

beforeEach(() => resetConfigForTests());
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe('config()', () => {
  it('fills in the documented defaults and leaves out variables it does not know', () => {
    const c = configFrom({ PATH: '/usr/bin', SOMETHING_ELSE: 'x' });
    expect(c).toEqual({
      TABLE_NAME: 'prepaidship',
      AWS_REGION: 'us-east-1',
      JWT_SECRET: JWT,
      JWT_ISSUER: 'prepaidship',
      LOG_LEVEL: 'info',
      APP_URL: 'http://localhost:3000',
      TRUST_LOCAL_ORIGIN: false,
      MAIL_PROVIDER: 'outbox',
      MAIL_FROM: 'PrepaidShip <no-reply@prepaidship.local>',
      SUPPORT_EMAIL: 'support@prepaidship.local',
      SELLER_NAME: 'PrepaidShip',
      SELLER_ADDRESS: 'Address not configured (set SELLER_ADDRESS)',
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_MAX_NUMBER: 50_000,
      RECAPTCHA_MIN_SCORE: 0.5,
      HOODPAY_API_URL: 'https://api.hoodpay.io',
      API_KEY_REQUESTS_PER_MINUTE: 120,
      CARRIER_PROVIDER: 'sandbox',
      EASYPOST_API_URL: 'https://api.easypost.com',
      CARRIER_COST_CEILINGS: {},
      PRICING_MODE: 'table',
      RATE_MARKUP_CENTS: { '*': 35 },
      RATE_MARKUP_PERCENT: { '*': 3 },
      INSURANCE_CENTS_PER_100: 80,
      QUOTE_TTL_SECONDS: 900,
      LABEL_DIR: '.data/labels',
      PURCHASE_LEASE_SECONDS: 30,
      SCHEDULE_INTERVAL_SECONDS: 15,
      SANDBOX_CARRIER_DELAY_MS: 0,
      SANDBOX_REFUND_DELAY_SECONDS: 0,
      REFUND_POLL_SECONDS: 21_600,
      TRACKING_PROVIDER: 'sandbox',
      AFTERSHIP_API_URL: 'https://api.aftership.com',
    });
  });

  it('takes an empty variable as unset', () => {
    expect(configFrom({ APP_URL: '', LOG_LEVEL: '' })).toMatchObject({ APP_URL: 'http://localhost:3000', LOG_LEVEL: 'info' });
  });

  it('reads every kind of setting as documented', () => {
    const c = configFrom({
      TABLE_NAME: 'prod-table',
      DYNAMODB_ENDPOINT: 'http://localhost:8000',
      STAGE: 'prod',
      AWS_LAMBDA_FUNCTION_NAME: 'fn',
      TRUST_LOCAL_ORIGIN: 'Yes',
      SELLER_NAME: '  Acme Shipping  ',
      SELLER_ADDRESS: ' 1 Main St;Springfield ',
      ALTCHA_MAX_NUMBER: '100000',
      RECAPTCHA_MIN_SCORE: '0.7',
      RECAPTCHA_HOSTNAMES: ' PrepaidShip.com, ,www.prepaidship.com ',
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      CARRIER_COST_CEILINGS: '{"usps_priority": 900}',
      SUPPORT_EMAIL: 'help@example.com',
      TRACKING_POLL_MINUTES: '60',
      SANDBOX_REFUND_DELAY_SECONDS: '0',
      CAPTCHA_HMAC_KEY: 'h'.repeat(32),
    });
    expect(c).toMatchObject({
      TABLE_NAME: 'prod-table',
      DYNAMODB_ENDPOINT: 'http://localhost:8000',
      STAGE: 'prod',
      AWS_LAMBDA_FUNCTION_NAME: 'fn',
      TRUST_LOCAL_ORIGIN: true,
      SELLER_NAME: 'Acme Shipping',
      SELLER_ADDRESS: '1 Main St;Springfield',
      ALTCHA_MAX_NUMBER: 100_000,
      RECAPTCHA_MIN_SCORE: 0.7,
      RECAPTCHA_HOSTNAMES: ['prepaidship.com', 'www.prepaidship.com'],
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      CARRIER_COST_CEILINGS: { usps_priority: 900 },
      SUPPORT_EMAIL: 'help@example.com',
      TRACKING_POLL_MINUTES: 60,
      SANDBOX_REFUND_DELAY_SECONDS: 0,
    });
    expect(configFrom({ TRUST_LOCAL_ORIGIN: '0' }).TRUST_LOCAL_ORIGIN).toBe(false);
  });

  it('names every invalid setting, and only those', () => {
    expect(
      refused({
        DYNAMODB_ENDPOINT: 'not a url',
        LOG_LEVEL: 'loud',
        STAGE: 'staging',
        TRUST_LOCAL_ORIGIN: 'maybe',
        SUPPORT_EMAIL: 'nobody',
        ALTCHA_MAX_NUMBER: '12.5',
        RECAPTCHA_MIN_SCORE: 'high',
        STRIPE_SECRET_KEY: 'pk_test_1',
        PURCHASE_LEASE_SECONDS: '901',
        REFUND_POLL_SECONDS: '59',
        CARRIER_COST_CEILINGS: '{not json',
        TABLE_NAME: 'ok',
      }).sort(),
    ).toEqual(
      [
        'DYNAMODB_ENDPOINT',
        'LOG_LEVEL',
        'STAGE',
        'TRUST_LOCAL_ORIGIN',
        'SUPPORT_EMAIL',
        'ALTCHA_MAX_NUMBER',
        'RECAPTCHA_MIN_SCORE',
        'STRIPE_SECRET_KEY',
        'PURCHASE_LEASE_SECONDS',
        'REFUND_POLL_SECONDS',
        'CARRIER_COST_CEILINGS',
      ].sort(),
    );
  });

  it('refuses a short or missing JWT_SECRET with its own message', () => {
    expect(() => configFrom({ JWT_SECRET: 'short' })).toThrow('Invalid configuration: JWT_SECRET: JWT_SECRET must be at least 32 characters');
    expect(refused({ JWT_SECRET: '' })).toEqual(['JWT_SECRET']);
  });

  it('says what is wrong with the special settings', () => {
    expect(() => configFrom({ CARRIER_COST_CEILINGS: '[1' })).toThrow('CARRIER_COST_CEILINGS: must be JSON');
    expect(() => configFrom({ RECAPTCHA_HOSTNAMES: ' , ' })).toThrow('RECAPTCHA_HOSTNAMES: name at least one host');
    expect(refused({ CARRIER_COST_CEILINGS: '{"usps_priority": 0}' })).toEqual(['CARRIER_COST_CEILINGS']);
    expect(refused({ CARRIER_COST_CEILINGS: '{"usps_priority": 1.5}' })).toEqual(['CARRIER_COST_CEILINGS']);
    expect(refused({ CARRIER_COST_CEILINGS: '{"no_such_label": 100}' })).toEqual(['CARRIER_COST_CEILINGS']);
    expect(refused({ CARRIER_COST_CEILINGS: '[100]' })).toEqual(['CARRIER_COST_CEILINGS']);
    expect(refused({ SELLER_NAME: '   ' })).toEqual(['SELLER_NAME']);
    expect(refused({ MAIL_FROM: 'ab' })).toEqual(['MAIL_FROM']);
    expect(refused({ ORIGIN_VERIFY_SECRET: 'short' })).toEqual(['ORIGIN_VERIFY_SECRET']);
    expect(refused({ STRIPE_WEBHOOK_SECRET: 'sk_1' })).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(refused({ LABEL_BUCKET: 'ab' })).toEqual(['LABEL_BUCKET']);
    expect(refused({ RECAPTCHA_MIN_SCORE: '1.5' })).toEqual(['RECAPTCHA_MIN_SCORE']);
    expect(refused({ TRACKING_POLL_MINUTES: '0' })).toEqual(['TRACKING_POLL_MINUTES']);
    expect(refused({ HOODPAY_API_URL: 'hoodpay' })).toEqual(['HOODPAY_API_URL']);
    expect(refused({ BATCH_QUEUE_URL: 'queue' })).toEqual(['BATCH_QUEUE_URL']);
  });

  it('is read once and kept until reset', () => {
    expect(configFrom({ TABLE_NAME: 'first' }).TABLE_NAME).toBe('first');
    vi.stubEnv('TABLE_NAME', 'second');
    expect(config().TABLE_NAME).toBe('first');
    resetConfigForTests();
    expect(config().TABLE_NAME).toBe('second');
  });
});

describe('config() in production: no sandbox payments, no Stripe test key', () => {
  const LIVE = { STRIPE_SECRET_KEY: 'sk_live_51abc', STRIPE_WEBHOOK_SECRET: 'whsec_live' };
  /** A function of the prod stage whose code reads `used` (SECRETS_USED, set by the stack). */
  const prodLambda = (used: string, env: Record<string, string> = {}) => ({ STAGE: 'prod', AWS_LAMBDA_FUNCTION_NAME: 'fn', SECRETS_USED: used, ...env });
  const PAYS = 'JWT_SECRET,STRIPE_SECRET_KEY,STRIPE_WEBHOOK_SECRET,HOODPAY_API_KEY';

  it('takes a live key in a prod function that takes card payments', () => {
    expect(configFrom(prodLambda(PAYS, LIVE))).toMatchObject(LIVE);
  });

  it('refuses a Stripe test key in production, in any function that holds one, naming the setting', () => {
    expect(() => configFrom(prodLambda(PAYS, { ...LIVE, STRIPE_SECRET_KEY: 'sk_test_51abc' }))).toThrow(
      /^Invalid configuration: STRIPE_SECRET_KEY: a Stripe test key in stage prod/,
    );
    expect(refused(prodLambda('JWT_SECRET', { STRIPE_SECRET_KEY: 'sk_test_51abc' }))).toEqual(['STRIPE_SECRET_KEY']);
    // A Lambda without a STAGE counts as production too.
    expect(refused({ AWS_LAMBDA_FUNCTION_NAME: 'fn', ...LIVE, STRIPE_SECRET_KEY: 'sk_test_51abc' })).toEqual(['STRIPE_SECRET_KEY']);
  });

  it('refuses the sandbox card checkout (no key) in a prod function that takes card payments, and every missing half', () => {
    expect(refused(prodLambda(PAYS)).sort()).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
    expect(() => configFrom(prodLambda(PAYS))).toThrow(/STRIPE_SECRET_KEY: not set in stage prod, so card payments would go to the sandbox checkout/);
    expect(refused(prodLambda(PAYS, { STRIPE_SECRET_KEY: LIVE.STRIPE_SECRET_KEY }))).toEqual(['STRIPE_WEBHOOK_SECRET']);
    // Without SECRETS_USED (a function deployed some other way) every function counts as taking payments.
    expect(refused({ STAGE: 'prod' }).sort()).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('refuses half of Hoodpay in a prod function that takes crypto, and takes both or neither', () => {
    expect(refused(prodLambda(PAYS, { ...LIVE, HOODPAY_API_KEY: 'hp' }))).toEqual(['HOODPAY_API_KEY']);
    expect(refused(prodLambda(PAYS, { ...LIVE, HOODPAY_BUSINESS_ID: 'biz' }))).toEqual(['HOODPAY_API_KEY']);
    expect(configFrom(prodLambda(PAYS, { ...LIVE, HOODPAY_API_KEY: 'hp', HOODPAY_BUSINESS_ID: 'biz' }))).toMatchObject({ HOODPAY_API_KEY: 'hp' });
    expect(configFrom(prodLambda(PAYS, LIVE)).HOODPAY_API_KEY).toBeUndefined();
  });

  it('asks nothing of a prod function whose code takes no payment (sign-in holds no Stripe key)', () => {
    expect(configFrom(prodLambda('JWT_SECRET,CAPTCHA_HMAC_KEY,RECAPTCHA_SECRET_KEY,ORIGIN_VERIFY_SECRET')).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('lets dev stages, local runs and tests use test keys and the sandboxes', () => {
    expect(configFrom({ STAGE: 'dev', AWS_LAMBDA_FUNCTION_NAME: 'fn', STRIPE_SECRET_KEY: 'sk_test_1' }).STRIPE_SECRET_KEY).toBe('sk_test_1');
    expect(configFrom({ STRIPE_SECRET_KEY: 'sk_test_1' }).STRIPE_SECRET_KEY).toBe('sk_test_1');
    expect(configFrom({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses at init in a Lambda: loading the module throws before any handler runs', async () => {
    for (const name of Object.keys(process.env)) vi.stubEnv(name, undefined);
    for (const [name, value] of Object.entries({ JWT_SECRET: JWT, ...prodLambda(PAYS, { ...LIVE, STRIPE_SECRET_KEY: 'sk_test_51abc' }) }))
      vi.stubEnv(name, value);
    vi.resetModules();
    await expect(import('../../../functions/config')).rejects.toThrow(/STRIPE_SECRET_KEY: a Stripe test key/);
    vi.stubEnv('STRIPE_SECRET_KEY', LIVE.STRIPE_SECRET_KEY);
    vi.resetModules();
    await expect(import('../../../functions/config')).resolves.toMatchObject({ config: expect.any(Function) });
    vi.resetModules();
  });
});

describe('the registry in production', () => {
  it('never hands out a sandbox checkout, even to a function the configuration let through', () => {
    configFrom({ STAGE: 'prod', SECRETS_USED: 'JWT_SECRET' });
    expect(() => getCardCheckout()).toThrow(/Card payments \(no STRIPE_SECRET_KEY\) would use the sandbox checkout in stage prod/);
    expect(() => getCryptoCheckout()).toThrow(/Crypto payments .* would use the sandbox checkout in stage prod/);
    configFrom({ STAGE: 'dev' });
    expect(() => getCryptoCheckout()).not.toThrow();
  });
});

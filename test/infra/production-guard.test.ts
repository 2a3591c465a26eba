/**
 * The production guard on its own (infra/production-guard.ts): which prod configurations it refuses
 * and how it names each problem; cdk.json's prod stage passes it. The stack test proves the stack
 * calls it (a refused prod stage does not synthesize).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SecretName } from '../../functions/secrets-loader';
import { assertProductionReady, productionProblems, type StageConfiguration } from '../../infra/production-guard';

const READY: StageConfiguration = {
  stage: 'prod',
  settings: { CARRIER_PROVIDER: 'easypost', TRACKING_PROVIDER: 'aftership' },
  secrets: [
    'JWT_SECRET',
    'TOTP_ENCRYPTION_KEY',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'EASYPOST_API_KEY',
    'EASYPOST_WEBHOOK_SECRET',
    'AFTERSHIP_API_KEY',
    'AFTERSHIP_WEBHOOK_SECRET',
  ],
};
const prod = (settings: Record<string, string>, secrets: readonly SecretName[] = READY.secrets) => productionProblems({ stage: 'prod', settings, secrets });

describe('productionProblems', () => {
  it('finds nothing in a prod stage on real providers with their secrets (captcha unset means altcha, which is real)', () => {
    expect(productionProblems(READY)).toEqual([]);
    expect(prod({ ...READY.settings, CAPTCHA_PROVIDER: 'altcha' })).toEqual([]);
  });

  it('finds nothing in a dev stage, whatever it runs on', () => {
    expect(productionProblems({ stage: 'dev', settings: { CARRIER_PROVIDER: 'sandbox', CAPTCHA_PROVIDER: 'none' }, secrets: [] })).toEqual([]);
  });

  it('names a carrier or tracker left on sandbox, set or unset', () => {
    expect(prod({ TRACKING_PROVIDER: 'aftership' })).toEqual([
      'CARRIER_PROVIDER is unset, so it defaults to sandbox (the sandbox draws SAMPLE labels that are not postage): set it to easypost',
    ]);
    expect(prod({ CARRIER_PROVIDER: 'easypost', TRACKING_PROVIDER: 'sandbox' })).toEqual([
      'TRACKING_PROVIDER is sandbox (the sandbox invents tracking events from our own labels): set it to aftership',
    ]);
    expect(prod({ CARRIER_PROVIDER: '', TRACKING_PROVIDER: '' })).toHaveLength(2);
  });

  it('names a captcha turned off, and what reCAPTCHA needs', () => {
    expect(prod({ ...READY.settings, CAPTCHA_PROVIDER: 'none' })).toEqual([
      'CAPTCHA_PROVIDER is none (no captcha: sign-up and sign-in are open to bots): set it to altcha or recaptcha',
    ]);
    expect(prod({ ...READY.settings, CAPTCHA_PROVIDER: 'recaptcha' })).toEqual([
      'secrets lacks RECAPTCHA_SECRET_KEY (CAPTCHA_PROVIDER=recaptcha needs it)',
      'RECAPTCHA_SITE_KEY is unset (CAPTCHA_PROVIDER=recaptcha needs it)',
    ]);
    expect(prod({ ...READY.settings, CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site' }, [...READY.secrets, 'RECAPTCHA_SECRET_KEY'])).toEqual([]);
  });

  it("names the Stripe keys, the session and authenticator keys and each chosen provider's key missing from the secrets", () => {
    expect(prod(READY.settings, [])).toEqual([
      'secrets lacks EASYPOST_API_KEY (CARRIER_PROVIDER=easypost needs it)',
      'secrets lacks EASYPOST_WEBHOOK_SECRET (CARRIER_PROVIDER=easypost needs it)',
      'secrets lacks AFTERSHIP_API_KEY (TRACKING_PROVIDER=aftership needs it)',
      'secrets lacks AFTERSHIP_WEBHOOK_SECRET (TRACKING_PROVIDER=aftership needs it)',
      'secrets lacks JWT_SECRET (signs sessions; the Lambdas refuse to start without it)',
      'secrets lacks TOTP_ENCRYPTION_KEY (seals authenticator-app secrets; without it their key derives from the session key, so changing that would break every authenticator)',
      'secrets lacks STRIPE_SECRET_KEY (without it card top-ups go to the sandbox checkout)',
      "secrets lacks STRIPE_WEBHOOK_SECRET (without it Stripe's payment events cannot be verified)",
    ]);
  });

  it('wants Hoodpay whole or not at all', () => {
    const half = 'Hoodpay needs both HOODPAY_BUSINESS_ID in settings and HOODPAY_API_KEY in secrets, or neither: one is missing';
    expect(prod({ ...READY.settings, HOODPAY_BUSINESS_ID: 'biz' })).toEqual([half]);
    expect(prod(READY.settings, [...READY.secrets, 'HOODPAY_API_KEY'])).toEqual([half]);
    expect(prod({ ...READY.settings, HOODPAY_BUSINESS_ID: 'biz' }, [...READY.secrets, 'HOODPAY_API_KEY'])).toEqual([]);
  });
});

describe('assertProductionReady', () => {
  it('throws one error listing every problem, and passes a ready stage', () => {
    expect(() => assertProductionReady({ stage: 'prod', settings: {}, secrets: [] })).toThrow(
      /^Stage prod refuses to synthesize on make-believe \(cdk\.json context\.prepaidship\.prod\):\n {2}- CARRIER_PROVIDER is unset[^]*\n {2}- secrets lacks STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => assertProductionReady(READY)).not.toThrow();
  });

  it("passes cdk.json's prod stage, so `cdk synth -c stage=prod` works as committed", () => {
    const { context } = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
      context: { prepaidship: Record<string, { settings: Record<string, string>; secrets: SecretName[] }> };
    };
    expect(productionProblems({ stage: 'prod', ...context.prepaidship.prod! })).toEqual([]);
  });
});

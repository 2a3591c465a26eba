/**
 * Secrets at cold start: nothing is read without SECRETS_PARAMETER_PREFIX; with it, the secrets
 * under the prefix are read decrypted, missing optional ones are left to their defaults, and a
 * missing JWT_SECRET or an SSM refusal stops the cold start. The last test loads functions/config.ts
 * afresh to show the values reach config() through its top-level await, read once.
 *
 * There is no local SSM, so the client is mocked, but as a small Parameter Store rather than a list
 * of expected requests: it answers GetParameters from what it holds, as SSM does (SecureStrings
 * come back decrypted only when asked to, unknown names are listed as invalid, more than 10 names
 * are refused), and the tests assert what the loader yields and when it throws.
 */
import { GetParametersCommand, SSMClient, type GetParametersCommandInput } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSecrets, SECRET_NAMES, secretParameterName, SECRETS_PREFIX_VARIABLE } from '../../../functions/secrets-loader';

const ssm = mockClient(SSMClient);
const PREFIX = '/prepaidship/test/';
const JWT = 'j'.repeat(40);

/** The parameters the fake Parameter Store holds, by full name: SecureStrings. */
let store: Record<string, string> = {};
/** Holds `values` (by secret name) under `prefix`. */
const hold = (values: Record<string, string>, prefix = PREFIX) => {
  store = Object.fromEntries(Object.entries(values).map(([name, value]) => [`${prefix}${name}`, value]));
};

function getParameters({ Names = [], WithDecryption }: GetParametersCommandInput) {
  if (Names.length > 10) {
    throw Object.assign(
      new Error(`1 validation error detected: Value at 'names' failed to satisfy constraint: Member must have length less than or equal to 10`),
      {
        name: 'ValidationException',
      },
    );
  }
  return {
    Parameters: Names.filter((n) => n in store).map((n) => ({
      Name: n,
      Type: 'SecureString' as const,
      // Without decryption SSM answers the ciphertext.
      Value: WithDecryption ? store[n] : `AQICAHh-ciphertext-of-${n}`,
      Version: 1,
    })),
    InvalidParameters: Names.filter((n) => !(n in store)),
  };
}

beforeEach(() => {
  ssm.reset();
  store = {};
  ssm.on(GetParametersCommand).callsFake(getParameters);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('loadSecrets', () => {
  it('reads nothing without a prefix, so local runs keep their environment', async () => {
    ssm.on(GetParametersCommand).rejects(new Error('SSM must not be asked without a prefix'));

    expect(await loadSecrets({})).toEqual({});
    expect(await loadSecrets({ [SECRETS_PREFIX_VARIABLE]: '  ' })).toEqual({});
  });

  it('yields every secret held under the prefix, decrypted, and leaves out those that do not exist', async () => {
    hold({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_test_123', EASYPOST_API_KEY: 'ep' });

    expect(await loadSecrets({ [SECRETS_PREFIX_VARIABLE]: PREFIX })).toEqual({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_test_123', EASYPOST_API_KEY: 'ep' });
  });

  it('reads every secret name the configuration knows', async () => {
    hold(Object.fromEntries(SECRET_NAMES.map((name) => [name, `value-of-${name}`])));

    expect(await loadSecrets({ [SECRETS_PREFIX_VARIABLE]: PREFIX })).toEqual(Object.fromEntries(SECRET_NAMES.map((name) => [name, `value-of-${name}`])));
  });

  it('ignores parameters outside the prefix', async () => {
    hold({ JWT_SECRET: JWT });
    store['/prepaidship/other/STRIPE_SECRET_KEY'] = 'sk_live_other_stage';

    expect(await loadSecrets({ [SECRETS_PREFIX_VARIABLE]: PREFIX })).toEqual({ JWT_SECRET: JWT });
  });

  it('accepts the prefix with or without its trailing slash', async () => {
    expect(secretParameterName('/prepaidship/prod', 'JWT_SECRET')).toBe('/prepaidship/prod/JWT_SECRET');
    expect(secretParameterName('/prepaidship/prod/', 'JWT_SECRET')).toBe('/prepaidship/prod/JWT_SECRET');
    hold({ JWT_SECRET: JWT }, '/prepaidship/prod/');
    expect(await loadSecrets({ [SECRETS_PREFIX_VARIABLE]: '/prepaidship/prod' })).toEqual({ JWT_SECRET: JWT });
  });

  it('refuses to start without JWT_SECRET, naming the parameter to set', async () => {
    hold({ STRIPE_SECRET_KEY: 'sk_test_123' });

    await expect(loadSecrets({ [SECRETS_PREFIX_VARIABLE]: PREFIX })).rejects.toThrow(`Missing SSM SecureString parameter ${PREFIX}JWT_SECRET`);
  });

  it('refuses to start with an empty JWT_SECRET', async () => {
    hold({ JWT_SECRET: '' });

    await expect(loadSecrets({ [SECRETS_PREFIX_VARIABLE]: PREFIX })).rejects.toThrow(`Missing SSM SecureString parameter ${PREFIX}JWT_SECRET`);
  });

  it('fails the cold start when SSM refuses the call', async () => {
    ssm.on(GetParametersCommand).rejects(Object.assign(new Error('not authorized to perform ssm:GetParameters'), { name: 'AccessDeniedException' }));

    await expect(loadSecrets({ [SECRETS_PREFIX_VARIABLE]: PREFIX })).rejects.toThrow(/not authorized/);
  });
});

describe('config() in AWS', () => {
  it('takes the secrets from SSM over the environment, read once at module load', async () => {
    hold({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_live_from_ssm', STRIPE_WEBHOOK_SECRET: 'whsec_ssm' });
    vi.stubEnv(SECRETS_PREFIX_VARIABLE, PREFIX);
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_from_env');
    vi.resetModules();

    const { config, resetConfigForTests } = await import('../../../functions/config');

    expect(config()).toMatchObject({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_live_from_ssm', STRIPE_WEBHOOK_SECRET: 'whsec_ssm' });
    expect(config().EASYPOST_API_KEY).toBeUndefined();
    // Parameters changed after the cold start reach the next cold start, not this process.
    hold({ JWT_SECRET: 'k'.repeat(40), STRIPE_SECRET_KEY: 'sk_live_rotated' });
    resetConfigForTests();
    expect(config()).toMatchObject({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_live_from_ssm' });
  });
});

/**
 * Secrets at cold start: nothing is read without SECRETS_PARAMETER_PREFIX; with it, one decrypted
 * GetParameters call under the prefix fills the secrets, missing optional ones are left to their
 * defaults, and a missing JWT_SECRET or an SSM refusal stops the cold start. The last test loads
 * functions/config.ts afresh to show the values reach config() through its top-level await.
 */
import { GetParametersCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSecrets, SECRET_NAMES, secretParameterName, SECRETS_PREFIX_VARIABLE } from '../../../functions/secrets-loader';

const ssm = mockClient(SSMClient);
const PREFIX = '/prepaidship/test/';

/** An SSM answer holding `values` (by secret name) and listing every other name as invalid, as SSM does. */
function answer(values: Record<string, string>) {
  return {
    Parameters: Object.entries(values).map(([name, value]) => ({
      Name: `${PREFIX}${name}`,
      Type: 'SecureString' as const,
      Value: value,
      Version: 1,
    })),
    InvalidParameters: SECRET_NAMES.filter((n) => !(n in values)).map((n) => `${PREFIX}${n}`),
  };
}

const JWT = 'j'.repeat(40);

beforeEach(() => ssm.reset());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('loadSecrets', () => {
  it('reads nothing without a prefix, so local runs keep their environment', async () => {
    expect(await loadSecrets({})).toEqual({});
    expect(await loadSecrets({ [SECRETS_PREFIX_VARIABLE]: '  ' })).toEqual({});
    expect(ssm).not.toHaveReceivedAnyCommand();
  });

  it('asks for every secret under the prefix in one decrypted GetParameters call', async () => {
    ssm.on(GetParametersCommand).resolves(answer({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_test_123', EASYPOST_API_KEY: 'ep' }));

    const secrets = await loadSecrets({ [SECRETS_PREFIX_VARIABLE]: PREFIX });

    expect(secrets).toEqual({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_test_123', EASYPOST_API_KEY: 'ep' });
    expect(ssm).toHaveReceivedCommandTimes(GetParametersCommand, 1);
    const input = ssm.commandCalls(GetParametersCommand)[0]!.args[0].input;
    expect(input.WithDecryption).toBe(true);
    expect([...(input.Names ?? [])].sort()).toEqual(SECRET_NAMES.map((n) => `${PREFIX}${n}`).sort());
  });

  it('accepts the prefix with or without its trailing slash', () => {
    expect(secretParameterName('/prepaidship/prod', 'JWT_SECRET')).toBe('/prepaidship/prod/JWT_SECRET');
    expect(secretParameterName('/prepaidship/prod/', 'JWT_SECRET')).toBe('/prepaidship/prod/JWT_SECRET');
  });

  it('refuses to start without JWT_SECRET, naming the parameter to set', async () => {
    ssm.on(GetParametersCommand).resolves(answer({ STRIPE_SECRET_KEY: 'sk_test_123' }));
    await expect(loadSecrets({ [SECRETS_PREFIX_VARIABLE]: PREFIX })).rejects.toThrow(`Missing SSM SecureString parameter ${PREFIX}JWT_SECRET`);
  });

  it('fails the cold start when SSM refuses the call', async () => {
    ssm.on(GetParametersCommand).rejects(Object.assign(new Error('not authorized to perform ssm:GetParameters'), { name: 'AccessDeniedException' }));
    await expect(loadSecrets({ [SECRETS_PREFIX_VARIABLE]: PREFIX })).rejects.toThrow(/not authorized/);
  });
});

describe('config() in AWS', () => {
  it('takes the secrets from SSM over the environment, read once at module load', async () => {
    ssm.on(GetParametersCommand).resolves(answer({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_live_from_ssm', STRIPE_WEBHOOK_SECRET: 'whsec_ssm' }));
    vi.stubEnv(SECRETS_PREFIX_VARIABLE, PREFIX);
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_from_env');
    vi.resetModules();

    const { config } = await import('../../../functions/config');

    expect(config()).toMatchObject({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_live_from_ssm', STRIPE_WEBHOOK_SECRET: 'whsec_ssm' });
    expect(config().EASYPOST_API_KEY).toBeUndefined();
    expect(ssm).toHaveReceivedCommandTimes(GetParametersCommand, 1);
  });
});

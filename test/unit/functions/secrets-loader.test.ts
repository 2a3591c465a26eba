/**
 * Secrets at cold start: nothing is read without SECRETS_PARAMETER_PREFIX; with it, the secrets
 * under the prefix are read decrypted, in GetParameters calls of at most 10 names, missing optional
 * ones are left to their defaults, and a missing JWT_SECRET or an SSM refusal stops the cold start.
 * The last test loads functions/config.ts afresh to show the values reach config() through its
 * top-level await, read once.
 *
 * The SSM client is mocked: it answers GetParameters from what the test's Parameter Store holds, as
 * SSM does (SecureStrings decrypted only when asked to, unknown names listed as InvalidParameters).
 * Signing, retries and the wire format are the SDK's.
 */
import { AccessDeniedException, GetParametersCommand, SSMClient, type GetParametersCommandInput } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSecrets, SECRET_NAMES, secretParameterName, SECRETS_PREFIX_VARIABLE, SECRETS_USED_VARIABLE } from '../../../functions/secrets-loader';

const PREFIX = '/prepaidship/test/';
const JWT = 'j'.repeat(40);
const REGION = 'us-east-1';

/** The parameters the Parameter Store holds, by full name: SecureStrings. */
let store: Record<string, string> = {};
/** Holds `values` (by secret name) under `prefix`. */
const hold = (values: Record<string, string>, prefix = PREFIX) => {
  store = Object.fromEntries(Object.entries(values).map(([name, value]) => [`${prefix}${name}`, value]));
};

/** GetParameters as SSM answers it from `store`. */
const getParameters = ({ Names = [], WithDecryption }: GetParametersCommandInput) => ({
  Parameters: Names.filter((n) => n in store).map((n) => ({
    Name: n,
    Type: 'SecureString' as const,
    // Without decryption SSM answers the ciphertext.
    Value: WithDecryption ? store[n] : `AQICAHh-ciphertext-of-${n}`,
    Version: 1,
  })),
  InvalidParameters: Names.filter((n) => !(n in store)),
});

const ssm = mockClient(SSMClient);

/** The environment of a Lambda with the secrets prefix. */
const awsEnv = (prefix = PREFIX) => ({ [SECRETS_PREFIX_VARIABLE]: prefix, AWS_REGION: REGION });

beforeEach(() => {
  store = {};
  ssm.reset();
  ssm.on(GetParametersCommand).callsFake(getParameters);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('loadSecrets', () => {
  it('reads nothing without a prefix, so local runs keep their environment', async () => {
    hold({ JWT_SECRET: JWT });

    expect(await loadSecrets({ AWS_REGION: REGION })).toEqual({});
    expect(await loadSecrets({ ...awsEnv(), [SECRETS_PREFIX_VARIABLE]: '  ' })).toEqual({});
    expect(ssm).not.toHaveReceivedAnyCommand();
  });

  it('yields every secret held under the prefix, decrypted, and leaves out those that do not exist', async () => {
    hold({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_test_123', EASYPOST_API_KEY: 'ep' });

    expect(await loadSecrets(awsEnv())).toEqual({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_test_123', EASYPOST_API_KEY: 'ep' });
  });

  it('reads every secret name the configuration knows, at most 10 names a call (GetParameters refuses more)', async () => {
    hold(Object.fromEntries(SECRET_NAMES.map((name) => [name, `value-of-${name}`])));

    expect(await loadSecrets(awsEnv())).toEqual(Object.fromEntries(SECRET_NAMES.map((name) => [name, `value-of-${name}`])));
    const asked = ssm.commandCalls(GetParametersCommand).map((call) => call.args[0].input.Names ?? []);
    expect(asked.length).toBe(Math.ceil(SECRET_NAMES.length / 10));
    for (const names of asked) expect(names.length).toBeLessThanOrEqual(10);
    expect(asked.flat().sort()).toEqual(SECRET_NAMES.map((name) => `${PREFIX}${name}`).sort());
  });

  it("reads only the secrets SECRETS_USED lists (the function's own, as its role allows), in the order given", async () => {
    hold(Object.fromEntries(SECRET_NAMES.map((name) => [name, `value-of-${name}`])));

    const env = { ...awsEnv(), [SECRETS_USED_VARIABLE]: 'JWT_SECRET,ORIGIN_VERIFY_SECRET' };
    expect(await loadSecrets(env)).toEqual({ JWT_SECRET: 'value-of-JWT_SECRET', ORIGIN_VERIFY_SECRET: 'value-of-ORIGIN_VERIFY_SECRET' });
    const asked = ssm.commandCalls(GetParametersCommand).flatMap((call) => call.args[0].input.Names ?? []);
    expect(asked.sort()).toEqual([`${PREFIX}JWT_SECRET`, `${PREFIX}ORIGIN_VERIFY_SECRET`]);
  });

  it('asks SSM nothing for a function that uses no secret, and needs no JWT_SECRET where the code reads none', async () => {
    expect(await loadSecrets({ ...awsEnv(), [SECRETS_USED_VARIABLE]: '' })).toEqual({});
    expect(ssm).not.toHaveReceivedAnyCommand();
    hold({ STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(await loadSecrets({ ...awsEnv(), [SECRETS_USED_VARIABLE]: 'STRIPE_WEBHOOK_SECRET' })).toEqual({ STRIPE_WEBHOOK_SECRET: 'whsec_x' });
  });

  it('refuses a SECRETS_USED that names no secret, before asking SSM', async () => {
    await expect(loadSecrets({ ...awsEnv(), [SECRETS_USED_VARIABLE]: 'JWT_SECRET,STRIPE_KEY' })).rejects.toThrow(/SECRETS_USED names no secret STRIPE_KEY/);
    expect(ssm).not.toHaveReceivedAnyCommand();
  });

  it('ignores parameters outside the prefix', async () => {
    hold({ JWT_SECRET: JWT });
    store['/prepaidship/other/STRIPE_SECRET_KEY'] = 'sk_live_other_stage';

    expect(await loadSecrets(awsEnv())).toEqual({ JWT_SECRET: JWT });
  });

  it('ignores an answer naming a parameter it did not ask for', async () => {
    ssm.on(GetParametersCommand).resolves({
      Parameters: [
        { Name: `${PREFIX}JWT_SECRET`, Value: JWT },
        { Name: '/prepaidship/other/STRIPE_SECRET_KEY', Value: 'sk_live_other_stage' },
      ],
    });

    expect(await loadSecrets(awsEnv())).toEqual({ JWT_SECRET: JWT });
  });

  it('accepts the prefix with or without its trailing slash', async () => {
    expect(secretParameterName('/prepaidship/prod', 'JWT_SECRET')).toBe('/prepaidship/prod/JWT_SECRET');
    expect(secretParameterName('/prepaidship/prod/', 'JWT_SECRET')).toBe('/prepaidship/prod/JWT_SECRET');
    hold({ JWT_SECRET: JWT }, '/prepaidship/prod/');
    expect(await loadSecrets(awsEnv('/prepaidship/prod'))).toEqual({ JWT_SECRET: JWT });
  });

  it('refuses to start without JWT_SECRET, naming the parameter to set', async () => {
    hold({ STRIPE_SECRET_KEY: 'sk_test_123' });

    await expect(loadSecrets(awsEnv())).rejects.toThrow(`Missing SSM SecureString parameter ${PREFIX}JWT_SECRET`);
  });

  it('refuses to start with an empty JWT_SECRET', async () => {
    hold({ JWT_SECRET: '' });

    await expect(loadSecrets(awsEnv())).rejects.toThrow(`Missing SSM SecureString parameter ${PREFIX}JWT_SECRET`);
  });

  it('ignores empty optional values', async () => {
    hold({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: '' });

    expect(await loadSecrets(awsEnv())).toEqual({ JWT_SECRET: JWT });
  });

  it('fails the cold start when SSM refuses the call, saying what SSM answered', async () => {
    hold({ JWT_SECRET: JWT });
    const denied = 'User: arn:aws:sts::123456789012:assumed-role/fn is not authorized to perform: ssm:GetParameters';
    ssm.on(GetParametersCommand).rejects(new AccessDeniedException({ message: denied, Message: denied, $metadata: { httpStatusCode: 400 } }));

    const failure = loadSecrets(awsEnv());
    await expect(failure).rejects.toThrow(/^Cannot read the secrets from SSM in us-east-1: User: .* is not authorized to perform: ssm:GetParameters$/);
    await expect(failure).rejects.toMatchObject({ cause: expect.any(AccessDeniedException) });
  });

  it('fails the cold start when SSM cannot be reached (after the SDK gave up)', async () => {
    ssm.on(GetParametersCommand).rejects(Object.assign(new Error('connect ETIMEDOUT 52.46.0.1:443'), { code: 'ETIMEDOUT', $metadata: { attempts: 3 } }));

    await expect(loadSecrets(awsEnv())).rejects.toThrow('Cannot read the secrets from SSM in us-east-1: connect ETIMEDOUT');
  });

  it('says so when the region is not set, before asking SSM', async () => {
    await expect(loadSecrets({ [SECRETS_PREFIX_VARIABLE]: PREFIX })).rejects.toThrow('AWS_REGION is not set');
    expect(ssm).not.toHaveReceivedAnyCommand();
  });
});

describe('config() in AWS', () => {
  it('takes the secrets from SSM over the environment, read once at module load', async () => {
    hold({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_live_from_ssm', STRIPE_WEBHOOK_SECRET: 'whsec_ssm' });
    vi.stubEnv(SECRETS_PREFIX_VARIABLE, PREFIX);
    vi.stubEnv('AWS_REGION', REGION);
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_from_env');
    vi.resetModules();

    const { config, resetConfigForTests } = await import('../../../functions/config');

    expect(config()).toMatchObject({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_live_from_ssm', STRIPE_WEBHOOK_SECRET: 'whsec_ssm' });
    expect(config().EASYPOST_API_KEY).toBeUndefined();
    // Parameters changed after the cold start reach the next cold start, not this process.
    hold({ JWT_SECRET: 'k'.repeat(40), STRIPE_SECRET_KEY: 'sk_live_rotated' });
    resetConfigForTests();
    expect(config()).toMatchObject({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_live_from_ssm' });
    expect(ssm).toHaveReceivedCommand(GetParametersCommand);
  });
});

/**
 * Secrets at cold start: nothing is read without SECRETS_PARAMETER_PREFIX; with it, the secrets
 * under the prefix are read decrypted, missing optional ones are left to their defaults, and a
 * missing JWT_SECRET or an SSM refusal stops the cold start. The last test loads functions/config.ts
 * afresh to show the values reach config() through its top-level await, read once.
 *
 * There is no local SSM, so the loader talks to a small fake Parameter Store over HTTP on this
 * machine (AWS_ENDPOINT_URL_SSM, the SDK's own override): it answers GetParameters in SSM's JSON
 * protocol from what it holds, as SSM does (SecureStrings come back decrypted only when asked to,
 * unknown names are listed as invalid, more than 10 names are refused, an unsigned request is
 * refused), and the tests assert what the loader yields and when it throws, not the requests.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSecrets, SECRET_NAMES, secretParameterName, SECRETS_PREFIX_VARIABLE } from '../../../functions/secrets-loader';
import { FAKE_AWS_KEYS, startFakeAws, type FakeAws, type FakeAwsAnswer, type FakeAwsRequest } from '../providers/aws/fake-aws';

const PREFIX = '/prepaidship/test/';
const JWT = 'j'.repeat(40);
const REGION = 'us-east-1';

/** The parameters the fake Parameter Store holds, by full name: SecureStrings. */
let store: Record<string, string> = {};
/** Holds `values` (by secret name) under `prefix`. */
const hold = (values: Record<string, string>, prefix = PREFIX) => {
  store = Object.fromEntries(Object.entries(values).map(([name, value]) => [`${prefix}${name}`, value]));
};

/** An answer in SSM's JSON protocol. */
const ssmAnswer = (status: number, body: object): FakeAwsAnswer => ({
  status,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: JSON.stringify(body),
});
/** Queues answers the fake gives before its normal ones (a refusal, throttling), first first. */
const queue = (...answers: { status: number; body: object }[]) => ssm.queued.push(...answers.map((a) => ssmAnswer(a.status, a.body)));

/** SSM's GetParameters as the JSON protocol answers it, to a request signed for SSM. */
function answer({ headers, body }: FakeAwsRequest): FakeAwsAnswer {
  if (headers['x-amz-target'] !== 'AmazonSSM.GetParameters' || headers['content-type'] !== 'application/x-amz-json-1.1') {
    return ssmAnswer(400, { __type: 'UnknownOperationException' });
  }
  const { Names = [], WithDecryption } = JSON.parse(body.toString('utf8')) as { Names?: string[]; WithDecryption?: boolean };
  if (Names.length > 10) {
    return ssmAnswer(400, {
      __type: 'ValidationException',
      message: "1 validation error detected: Value at 'names' failed to satisfy constraint: Member must have length less than or equal to 10",
    });
  }
  return ssmAnswer(200, {
    Parameters: Names.filter((n) => n in store).map((n) => ({
      Name: n,
      Type: 'SecureString',
      // Without decryption SSM answers the ciphertext.
      Value: WithDecryption ? store[n] : `AQICAHh-ciphertext-of-${n}`,
      Version: 1,
    })),
    InvalidParameters: Names.filter((n) => !(n in store)),
  });
}

let ssm: FakeAws;
let endpoint = '';
beforeAll(async () => {
  ssm = await startFakeAws('ssm', REGION, answer);
  endpoint = ssm.url;
});
afterAll(() => ssm.close());

/** The environment of a Lambda with the secrets prefix, pointed at the fake. */
const awsEnv = (prefix = PREFIX) => ({ [SECRETS_PREFIX_VARIABLE]: prefix, AWS_REGION: REGION, AWS_ENDPOINT_URL_SSM: endpoint });

beforeEach(() => {
  store = {};
  ssm.requests.length = 0;
  ssm.queued.length = 0;
  // The role's keys, as Lambda sets them; the default credential chain finds them first.
  vi.stubEnv('AWS_PROFILE', undefined);
  for (const [name, value] of Object.entries(FAKE_AWS_KEYS)) vi.stubEnv(name, value);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('loadSecrets', () => {
  it('reads nothing without a prefix, so local runs keep their environment', async () => {
    hold({ JWT_SECRET: JWT });

    expect(await loadSecrets({ AWS_REGION: REGION, AWS_ENDPOINT_URL_SSM: endpoint })).toEqual({});
    expect(await loadSecrets({ ...awsEnv(), [SECRETS_PREFIX_VARIABLE]: '  ' })).toEqual({});
    expect(ssm.requests).toHaveLength(0);
  });

  it('yields every secret held under the prefix, decrypted, and leaves out those that do not exist', async () => {
    hold({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_test_123', EASYPOST_API_KEY: 'ep' });

    expect(await loadSecrets(awsEnv())).toEqual({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_test_123', EASYPOST_API_KEY: 'ep' });
  });

  it('reads every secret name the configuration knows', async () => {
    hold(Object.fromEntries(SECRET_NAMES.map((name) => [name, `value-of-${name}`])));

    expect(await loadSecrets(awsEnv())).toEqual(Object.fromEntries(SECRET_NAMES.map((name) => [name, `value-of-${name}`])));
  });

  it('ignores parameters outside the prefix', async () => {
    hold({ JWT_SECRET: JWT });
    store['/prepaidship/other/STRIPE_SECRET_KEY'] = 'sk_live_other_stage';

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
    queue({
      status: 400,
      body: {
        __type: 'com.amazon.coral.service#AccessDeniedException',
        message: 'User: arn:aws:sts::123456789012:assumed-role/fn is not authorized to perform: ssm:GetParameters',
      },
    });

    await expect(loadSecrets(awsEnv())).rejects.toThrow(
      /^Cannot read the secrets from SSM at 127\.0\.0\.1:\d+: GetParameters: AccessDeniedException: User: .* is not authorized to perform: ssm:GetParameters$/,
    );
  });

  it('tries again when SSM throttles or fails, as the SDK would', async () => {
    hold({ JWT_SECRET: JWT });
    queue({ status: 400, body: { __type: 'ThrottlingException', message: 'Rate exceeded' } }, { status: 500, body: { __type: 'InternalServerError' } });

    expect(await loadSecrets(awsEnv())).toEqual({ JWT_SECRET: JWT });
  });

  it('gives up after three failed attempts', async () => {
    hold({ JWT_SECRET: JWT });
    queue(...Array.from({ length: 6 }, () => ({ status: 503, body: { __type: 'ServiceUnavailable', message: 'try later' } })));

    await expect(loadSecrets(awsEnv())).rejects.toThrow(/ServiceUnavailable: try later/);
  });

  it('fails the cold start when SSM cannot be reached', async () => {
    await expect(loadSecrets({ ...awsEnv(), AWS_ENDPOINT_URL_SSM: 'http://127.0.0.1:1' })).rejects.toThrow(
      /^Cannot read the secrets from SSM at 127\.0\.0\.1:1: /,
    );
  });
});

describe('config() in AWS', () => {
  it('takes the secrets from SSM over the environment, read once at module load', async () => {
    hold({ JWT_SECRET: JWT, STRIPE_SECRET_KEY: 'sk_live_from_ssm', STRIPE_WEBHOOK_SECRET: 'whsec_ssm' });
    vi.stubEnv(SECRETS_PREFIX_VARIABLE, PREFIX);
    vi.stubEnv('AWS_REGION', REGION);
    vi.stubEnv('AWS_ENDPOINT_URL_SSM', endpoint);
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

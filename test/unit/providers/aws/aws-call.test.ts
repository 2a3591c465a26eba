/**
 * The one AWS caller (functions/providers/aws/aws-call.ts) on its own: what it signs with which
 * credentials, and what it makes of a refusal. Its signatures (aws4's) are checked by recomputing
 * them with the SDK's signer, through the fake AWS (./fake-aws.ts) or, for a request that cannot
 * reach it (an S3 bucket's own host), on the request a transport captured.
 *
 * The SDK's credential chain is mocked: the tests show it is never imported while the environment
 * holds keys (Lambda's case), and how its credentials are kept and refreshed when it does not.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { awsErrorOf, awsService, AwsCallError, type AwsAnswer, type AwsTransport } from '../../../../functions/providers/aws/aws-call';
import { FAKE_AWS_KEYS, signatureHolds, startFakeAws, type FakeAws } from './fake-aws';

/** What the mocked chain did: imported (its module evaluated), made (defaultProvider()), asked (its provider called). */
const chain = vi.hoisted(() => {
  const state = {
    imported: 0,
    made: 0,
    asked: 0,
    fail: false,
    credentials: undefined as undefined | { accessKeyId: string; secretAccessKey: string; sessionToken?: string; expiration?: Date },
    /** The mocked module, counting its evaluations. */
    module: () => {
      state.imported++;
      return {
        defaultProvider: () => {
          state.made++;
          return async () => {
            state.asked++;
            if (state.fail) throw new Error('Could not load credentials from any providers');
            return state.credentials;
          };
        },
      };
    },
  };
  return state;
});
vi.mock('@aws-sdk/credential-provider-node', () => chain.module());

const REGION = 'us-east-1';
const ok = (body = '{}'): AwsAnswer => ({ status: 200, headers: {}, body: Buffer.from(body) });

/** A transport that keeps what it was asked to send and answers `answer`. */
function capture(answer: (url: URL) => AwsAnswer = () => ok()) {
  const sent: { url: URL; method: string; headers: Record<string, string>; body: string | Uint8Array | undefined }[] = [];
  const transport: AwsTransport = async (url, method, headers, body) => {
    sent.push({ url, method, headers, body });
    return answer(url);
  };
  return { sent, transport };
}

/** A captured request as the fake's verifier reads one (lower-case header names, the bytes). */
const asArrived = ({ url, method, headers, body }: ReturnType<typeof capture>['sent'][number]) => ({
  method,
  path: url.pathname,
  headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
  body: body === undefined ? Buffer.alloc(0) : Buffer.from(body),
});

const stubKeys = (keys: Partial<Record<keyof typeof FAKE_AWS_KEYS, string | undefined>>) => {
  for (const [name, value] of Object.entries(keys)) vi.stubEnv(name, value);
};

let ssm: FakeAws;
let s3: FakeAws;
beforeAll(async () => {
  ssm = await startFakeAws('ssm', REGION, () => ({ status: 200, body: '{"Parameters":[]}' }));
  s3 = await startFakeAws('s3', REGION, ({ method }) => ({ status: 200, body: method === 'GET' ? 'the bytes' : '' }));
});
afterAll(async () => {
  await ssm.close();
  await s3.close();
});
beforeEach(() => {
  ssm.requests.length = 0;
  s3.requests.length = 0;
  Object.assign(chain, { imported: 0, made: 0, asked: 0, fail: false, credentials: undefined });
  vi.stubEnv('AWS_PROFILE', undefined);
  stubKeys(FAKE_AWS_KEYS);
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

const getParameters = {
  action: 'GetParameters',
  method: 'POST',
  path: '/',
  headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AmazonSSM.GetParameters' },
  body: '{"Names":["/a"]}',
} as const;

describe('credentials from the environment', () => {
  it('signs with the keys Lambda sets, the session token sent and signed', async () => {
    const call = awsService({ signingName: 'ssm', region: REGION, endpoint: new URL(ssm.url) });
    await call(getParameters);
    // The fake refuses (403) whatever its SDK signer does not sign the same way.
    expect(ssm.requests).toHaveLength(1);
    const { headers } = ssm.requests[0]!;
    expect(headers['x-amz-security-token']).toBe(FAKE_AWS_KEYS.AWS_SESSION_TOKEN);
    expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDFAKE\/\d{8}\/us-east-1\/ssm\/aws4_request, SignedHeaders=\S*x-amz-security-token/);
  });

  it('reads them at each call, so new keys apply at once', async () => {
    const { sent, transport } = capture();
    const call = awsService({ signingName: 'ssm', region: REGION, endpoint: new URL('https://ssm.us-east-1.amazonaws.com/'), transport });
    await call(getParameters);
    stubKeys({ AWS_ACCESS_KEY_ID: 'AKIDOTHER', AWS_SESSION_TOKEN: undefined });
    await call(getParameters);
    expect(sent[0]!.headers.Authorization).toContain('Credential=AKIDFAKE/');
    expect(sent[1]!.headers.Authorization).toContain('Credential=AKIDOTHER/');
    // Long-term keys have no token: none is sent, none signed.
    expect(sent[1]!.headers).not.toHaveProperty('x-amz-security-token');
    expect(sent[1]!.headers.Authorization).not.toContain('x-amz-security-token');
  });

  it("sends the caller's headers and SigV4's, no others (no Content-Type of aws4's to a body without one)", async () => {
    const { sent, transport } = capture();
    const call = awsService({ signingName: 'ssm', region: REGION, endpoint: new URL('https://ssm.us-east-1.amazonaws.com/'), transport });
    await call(getParameters);
    await call({ action: 'Anything', method: 'POST', path: '/', body: 'x' });
    expect(Object.keys(sent[0]!.headers).sort()).toEqual([
      'Authorization',
      'content-length',
      'content-type',
      'host',
      'x-amz-date',
      'x-amz-security-token',
      'x-amz-target',
    ]);
    expect(Object.keys(sent[1]!.headers).sort()).toEqual(['Authorization', 'content-length', 'host', 'x-amz-date', 'x-amz-security-token']);
    expect(sent[0]!.headers.host).toBe('ssm.us-east-1.amazonaws.com');
    expect(await signatureHolds(asArrived(sent[1]!), 'ssm', REGION)).toBe(true);
  });

  it('signs with fixed keys when given them (DynamoDB Local), over the environment', async () => {
    const { sent, transport } = capture();
    const local = awsService({
      signingName: 'dynamodb',
      region: REGION,
      endpoint: new URL('http://127.0.0.1:8000'),
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      transport,
    });
    await local({ action: 'GetItem', method: 'POST', path: '/', headers: { 'content-type': 'application/x-amz-json-1.0' }, body: '{}' });
    expect(sent[0]!.headers.Authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/us-east-1\/dynamodb\/aws4_request, /);
    expect(sent[0]!.headers.host).toBe('127.0.0.1:8000');
    expect(sent[0]!.headers).not.toHaveProperty('x-amz-security-token');
  });

  it('never imports the SDK credential chain while the environment holds keys', async () => {
    // A fresh module and a fresh mock of the chain, so that a static import of it would show here too.
    vi.resetModules();
    vi.doMock('@aws-sdk/credential-provider-node', () => chain.module());
    const fresh = await import('../../../../functions/providers/aws/aws-call');
    const call = fresh.awsService({ signingName: 'ssm', region: REGION, endpoint: new URL(ssm.url) });
    await Promise.all([call(getParameters), call(getParameters)]);
    expect(ssm.requests).toHaveLength(2);
    expect(chain).toMatchObject({ imported: 0, made: 0, asked: 0 });
  });
});

describe('credentials from the SDK chain, without keys in the environment', () => {
  // A fresh module each time: the chain and its credentials are kept per process.
  let aws: typeof import('../../../../functions/providers/aws/aws-call');
  beforeEach(async () => {
    stubKeys({ AWS_ACCESS_KEY_ID: undefined, AWS_SECRET_ACCESS_KEY: undefined, AWS_SESSION_TOKEN: undefined });
    vi.resetModules();
    aws = await import('../../../../functions/providers/aws/aws-call');
  });
  const fakeKeys = (expiration?: Date) => ({
    accessKeyId: FAKE_AWS_KEYS.AWS_ACCESS_KEY_ID,
    secretAccessKey: FAKE_AWS_KEYS.AWS_SECRET_ACCESS_KEY,
    sessionToken: FAKE_AWS_KEYS.AWS_SESSION_TOKEN,
    ...(expiration ? { expiration } : {}),
  });

  it('loads the chain on first use and keeps its credentials while they are valid', async () => {
    chain.credentials = fakeKeys(new Date(Date.now() + 60 * 60_000));
    const call = aws.awsService({ signingName: 'ssm', region: REGION, endpoint: new URL(ssm.url) });
    await Promise.all([call(getParameters), call(getParameters)]);
    await call(getParameters);
    expect(ssm.requests).toHaveLength(3);
    expect(chain).toMatchObject({ made: 1, asked: 1 });
  });

  it('asks the chain again once its credentials expire', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    chain.credentials = fakeKeys(new Date(Date.now() + 60 * 60_000));
    const call = aws.awsService({ signingName: 'ssm', region: REGION, endpoint: new URL(ssm.url) });
    await call(getParameters);
    vi.setSystemTime(Date.now() + 61 * 60_000);
    chain.credentials = fakeKeys(new Date(Date.now() + 60 * 60_000));
    await call(getParameters);
    await call(getParameters);
    expect(ssm.requests).toHaveLength(3);
    expect(chain).toMatchObject({ made: 1, asked: 2 });
  });

  it('keeps credentials without an expiration for good', async () => {
    chain.credentials = fakeKeys();
    const call = aws.awsService({ signingName: 'ssm', region: REGION, endpoint: new URL(ssm.url) });
    await call(getParameters);
    await call(getParameters);
    expect(chain).toMatchObject({ made: 1, asked: 1 });
  });

  it('does not keep a failure: the next call asks again', async () => {
    chain.fail = true;
    const call = aws.awsService({ signingName: 'ssm', region: REGION, endpoint: new URL(ssm.url), transport: capture().transport });
    await expect(call(getParameters)).rejects.toThrow('Could not load credentials from any providers');
    chain.fail = false;
    chain.credentials = fakeKeys();
    const { sent, transport } = capture();
    await aws.awsService({ signingName: 'ssm', region: REGION, endpoint: new URL(ssm.url), transport })(getParameters);
    expect(sent[0]!.headers.Authorization).toContain('Credential=AKIDFAKE/');
  });
});

describe('S3 signing', () => {
  const bucketStore = () => awsService({ signingName: 's3', region: REGION, endpoint: new URL(s3.url), s3: true });

  it('signs the payload hash in x-amz-content-sha256, of a body that is a view into a larger buffer', async () => {
    const whole = Buffer.from('xx%PDF-1.7 a labelyy');
    const pdf = new Uint8Array(whole.buffer, whole.byteOffset + 2, whole.length - 4);
    await bucketStore()({ action: 'PutObject', method: 'PUT', path: '/labels-bucket/labels/a.pdf', headers: { 'content-type': 'application/pdf' }, body: pdf });
    expect(s3.requests).toHaveLength(1);
    const [put] = s3.requests;
    expect(put!.body.toString()).toBe('%PDF-1.7 a label');
    expect(put!.headers['content-length']).toBe('16');
    expect(put!.headers['x-amz-content-sha256']).toBe(createHash('sha256').update('%PDF-1.7 a label').digest('hex'));
  });

  it('signs a GET with the empty payload hash', async () => {
    const answer = await bucketStore()({ action: 'GetObject', method: 'GET', path: '/labels-bucket/labels/a.pdf' });
    expect(answer.body.toString()).toBe('the bytes');
    expect(s3.requests[0]!.headers['x-amz-content-sha256']).toBe(createHash('sha256').digest('hex'));
  });

  it('sends a key in the one encoding it signs, whatever encoding the path was written in', async () => {
    // aws4 decodes and re-encodes S3 paths (a `+` as a space) where S3 and the SDK sign them as
    // sent: the caller sends what aws4 signs, so an odd key still reaches S3 signed and intact.
    const store = bucketStore();
    await store({ action: 'GetObject', method: 'GET', path: "/labels-bucket/odd/a b+c!'(1)*~.pdf" });
    await store({ action: 'GetObject', method: 'GET', path: '/labels-bucket/odd/%7Ea%2bb%20%C3%A9.pdf' });
    await store({ action: 'GetObject', method: 'GET', path: '/labels-bucket/odd/é.pdf' });
    expect(s3.requests.map((r) => r.path)).toEqual([
      '/labels-bucket/odd/a%20b%2Bc%21%27%281%29%2A~.pdf',
      '/labels-bucket/odd/~a%2Bb%20%C3%A9.pdf',
      '/labels-bucket/odd/%C3%A9.pdf',
    ]);
  });

  it("signs for the bucket's own host (virtual-hosted, no port)", async () => {
    const { sent, transport } = capture();
    const store = awsService({
      signingName: 's3',
      region: 'us-west-2',
      endpoint: new URL('https://labels-bucket.s3.us-west-2.amazonaws.com/'),
      s3: true,
      transport,
    });
    await store({ action: 'PutObject', method: 'PUT', path: '/labels/a.pdf', headers: { 'content-type': 'application/pdf' }, body: 'pdf' });
    expect(sent[0]!.url.href).toBe('https://labels-bucket.s3.us-west-2.amazonaws.com/labels/a.pdf');
    expect(sent[0]!.headers.host).toBe('labels-bucket.s3.us-west-2.amazonaws.com');
    expect(await signatureHolds(asArrived(sent[0]!), 's3', 'us-west-2')).toBe(true);
  });

  it('sends a path of another service in the one encoding it signs, too', async () => {
    // SES v2 names an identity in its path: `@` encoded by the caller, `|` not (URL leaves it raw).
    const call = awsService({ signingName: 'ssm', region: REGION, endpoint: new URL(ssm.url) });
    await call({ ...getParameters, path: '/v2/email/identities/ann%40example.com' });
    await call({ ...getParameters, path: '/v2/a|b+c!/é%7E' });
    expect(ssm.requests.map((r) => r.path)).toEqual(['/v2/email/identities/ann%40example.com', '/v2/a%7Cb%2Bc%21/%C3%A9~']);
  });

  it('signs a path under the endpoint path, for both kinds of service', async () => {
    await awsService({ signingName: 's3', region: REGION, endpoint: new URL(`${s3.url}/labels-bucket/`), s3: true })({
      action: 'GetObject',
      method: 'GET',
      path: '/a.pdf',
    });
    await awsService({ signingName: 'ssm', region: REGION, endpoint: new URL(`${ssm.url}/base`) })({ ...getParameters, path: '/x' });
    expect(s3.requests.map((r) => r.path)).toEqual(['/labels-bucket/a.pdf']);
    expect(ssm.requests.map((r) => r.path)).toEqual(['/base/x']);
  });
});

describe('refusals', () => {
  const cancelled = {
    __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
    message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]',
    CancellationReasons: [{ Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { pk: { S: 'USER#1' } } }, { Code: 'None' }],
  };

  it("keeps a JSON error body in details (DynamoDB's CancellationReasons) and names the call in the message", async () => {
    const { sent, transport } = capture(() => ({ status: 400, headers: {}, body: Buffer.from(JSON.stringify(cancelled)) }));
    const dynamo = awsService({ signingName: 'dynamodb', region: REGION, endpoint: new URL('https://dynamodb.us-east-1.amazonaws.com/'), transport });
    const err = await dynamo({
      action: 'TransactWriteItems',
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/x-amz-json-1.0' },
      body: '{}',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AwsCallError);
    expect(err).toMatchObject({ code: 'TransactionCanceledException', status: 400, action: 'TransactWriteItems', retryable: false });
    expect((err as AwsCallError).message).toBe(`TransactWriteItems: TransactionCanceledException: ${cancelled.message}`);
    expect((err as AwsCallError).details.CancellationReasons).toEqual(cancelled.CancellationReasons);
    // A refusal is final: one attempt.
    expect(sent).toHaveLength(1);
  });

  it("reads REST-JSON's code from its header and keeps its body", () => {
    const err = awsErrorOf(
      {
        status: 400,
        headers: { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/' },
        body: Buffer.from('{"message":"Email address is not verified."}'),
      },
      'SendEmail',
    );
    expect(err).toMatchObject({
      code: 'MessageRejected',
      message: 'SendEmail: MessageRejected: Email address is not verified.',
      details: { message: 'Email address is not verified.' },
    });
  });

  it("reads S3's XML, with no details", () => {
    const err = awsErrorOf(
      {
        status: 404,
        headers: {},
        body: Buffer.from('<?xml version="1.0"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>'),
      },
      'GetObject',
    );
    expect(err).toMatchObject({ code: 'NoSuchKey', status: 404, message: 'GetObject: NoSuchKey: The specified key does not exist.', details: {} });
  });

  it('answers the status for a body that is not a JSON object, and names no call when given none', () => {
    expect(awsErrorOf({ status: 502, headers: {}, body: Buffer.from('<html>') })).toMatchObject({ code: 'HTTP 502', details: {} });
    expect(awsErrorOf({ status: 500, headers: {}, body: Buffer.from('Bad Gateway') })).toMatchObject({
      code: 'HTTP 500',
      message: 'HTTP 500: Bad Gateway',
      details: {},
    });
    expect(awsErrorOf({ status: 400, headers: {}, body: Buffer.from('["x"]') })).toMatchObject({ code: 'HTTP 400', details: {} });
  });
});

/**
 * One signed call to an AWS service API: SigV4 with the function's role, sent over node's
 * http(s), retried as the SDK's standard mode does. The Lambdas make these calls besides DynamoDB:
 * SSM GetParameters (the secrets at cold start), SES SendEmail, S3 GetObject and PutObject, SQS
 * SendMessage. Each SDK client bundled for one call costs a route 60-150 kB of minified code
 * compiled at every cold start (its shapes, error classes, middleware and its own protocol stack),
 * which put the routes that mail or read a label PDF over issue 19's 400 kB budget
 * (docs/performance.md, "Lambdas").
 *
 * The signing is aws4's (mhart/aws4: one file, no dependencies, node's crypto), not the SDK's
 * signer, and the credentials are the ones Lambda puts in the environment (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), read at each call. Only where they are absent (a
 * developer's profile, a container role) is the SDK's default chain imported, on first use: keep
 * every @smithy/* and @aws-sdk/credential-provider-node import out of this module's top level, or
 * it is evaluated at each cold start. Bundled alone (esbuild, the Lambda options) the module was
 * 68 kB minified and about 43 ms of cold module init with @smithy/signature-v4, its SHA-256 and
 * the chain imported statically; with the chain external to the bundles (NEVER_REACHED_IN_LAMBDA
 * in infra/lambda-bundling.ts, since DynamoDB goes through this module too) it is 12 kB and about
 * 24 ms. The unit tests' fake AWS (test/unit/providers/aws/fake-aws.ts)
 * recomputes every signature with the SDK's signer, so the two cannot drift apart unnoticed.
 *
 * Errors from every protocol these services speak are read into AwsCallError (code, status,
 * message, and the JSON body's other fields in `details`): JSON (`__type`), REST-JSON
 * (`x-amzn-errortype`) and S3's XML (`<Code>`).
 */
import aws4 from 'aws4';
import { createHash } from 'node:crypto';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface AwsAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface AwsRequest {
  method: 'GET' | 'POST' | 'PUT';
  /** The path below the endpoint's, already encoded (`/v2/email/outbound-emails`, `/labels/x.pdf`). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Names the call in errors: `GetParameters`, `SendEmail`. */
  action: string;
}

/** Sends one signed request; the seam a test can use to watch or break the calls. */
export type AwsTransport = (url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined) => Promise<AwsAnswer>;

/** Attempts per call for throttling, 5xx and network errors (the SDK's standard retry mode). */
const ATTEMPTS = 3;
const TIMEOUT_MS = 5_000;

/** Keeps connections to a service open between invocations, as the SDK's handler does. */
const keepAlive = new HttpsAgent({ keepAlive: true });
/** ...and to a local endpoint over plain http (DynamoDB Local, a test's fake): a label purchase makes four calls. */
const keepAliveHttp = new HttpAgent({ keepAlive: true });

const nodeTransport: AwsTransport = (url, method, headers, body) =>
  new Promise((resolve, reject) => {
    const https = url.protocol !== 'http:';
    const send = https ? httpsRequest : httpRequest;
    const req = send(url, { method, headers, timeout: TIMEOUT_MS, agent: https ? keepAlive : keepAliveHttp }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });

/** What AWS answered when it refused a call; `retryable` for throttling and its own failures. */
export class AwsCallError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    /**
     * The JSON error body as AWS sent it, `{}` for XML or no JSON: some refusals carry what the
     * caller needs there (DynamoDB's CancellationReasons, a failed condition's Item).
     */
    readonly details: Record<string, unknown> = {},
    /** The refused call (AwsRequest.action), first in the message: one Lambda makes several kinds. */
    readonly action?: string,
  ) {
    super(`${action ? `${action}: ` : ''}${code}: ${message}`);
    this.name = 'AwsCallError';
  }

  get retryable(): boolean {
    return (
      this.status >= 500 || this.status === 429 || /Throttl|SlowDown|RequestLimitExceeded|ProvisionedThroughputExceeded|TransactionInProgress/.test(this.code)
    );
  }
}

/** The error in an answer, whichever of the three protocols it came in, named for `action` if given. */
export function awsErrorOf(answer: AwsAnswer, action?: string): AwsCallError {
  const text = answer.body.toString('utf8');
  const header = answer.headers['x-amzn-errortype'];
  let code = typeof header === 'string' ? header.split(':')[0] : undefined;
  let message: string | undefined;
  let details: Record<string, unknown> = {};
  if (text.trimStart().startsWith('<')) {
    code ??= /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  } else {
    try {
      const json: unknown = JSON.parse(text);
      if (json !== null && typeof json === 'object' && !Array.isArray(json)) details = json as Record<string, unknown>;
    } catch {
      // Not JSON (a proxy's page, an empty 404 to a HEAD): the status says enough.
    }
    const { __type, code: jsonCode, message: lower, Message: upper } = details;
    code ??= (typeof __type === 'string' ? __type : typeof jsonCode === 'string' ? jsonCode : undefined)?.split('#').pop();
    message = typeof lower === 'string' ? lower : typeof upper === 'string' ? upper : undefined;
  }
  return new AwsCallError(code || `HTTP ${answer.status}`, answer.status, message ?? (text.slice(0, 200) || `HTTP ${answer.status}`), details, action);
}

interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** Credentials from the chain are asked for again this long before they expire, as the SDK's clients do. */
const REFRESH_BEFORE_MS = 5 * 60_000;

let chain: Promise<() => Promise<AwsCredentials>> | undefined;
let fromChain: Promise<AwsCredentials> | undefined;

/**
 * The SDK's default credential chain, imported on first use: only where the environment holds no
 * keys (never in Lambda). Its credentials are kept until they near their expiration; a failure
 * is not kept, so the next call tries again.
 */
async function chainCredentials(): Promise<AwsCredentials> {
  const held = fromChain;
  if (held) {
    const credentials = await held.catch(() => undefined);
    const fresh = credentials && (!credentials.expiration || credentials.expiration.getTime() - Date.now() > REFRESH_BEFORE_MS);
    if (fresh) return credentials;
    if (fromChain === held) fromChain = undefined;
  }
  chain ??= import('@aws-sdk/credential-provider-node').then(
    ({ defaultProvider }) => defaultProvider(),
    (err: unknown) => {
      chain = undefined;
      throw err;
    },
  );
  fromChain ??= chain.then((provider) => provider());
  return fromChain;
}

/**
 * The role's credentials as Lambda sets them in the environment, read at each call (so a test
 * or a rotated set applies at once); the SDK's chain only without them. Unlike the SDK's chain,
 * keys in the environment win over an AWS_PROFILE set beside them.
 */
function credentialsNow(): AwsCredentials | Promise<AwsCredentials> {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  if (accessKeyId && secretAccessKey) return sessionToken ? { accessKeyId, secretAccessKey, sessionToken } : { accessKeyId, secretAccessKey };
  return chainCredentials();
}

/** RFC 3986's encoding (encodeURIComponent leaves `!'()*` as they are). */
const encodeRfc3986 = (text: string): string => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A path in the one encoding aws4 signs it from: each segment decoded and encoded again, RFC 3986's
 * way. AWS reads the path as sent (and encodes it once more, except S3); aws4 does not sign a path
 * as written: for S3 it decodes each segment (a `+` as a space) and encodes it again, for the
 * other services it first encodes what it finds unencoded (a `|`) and then encodes the whole again.
 * Sending this form makes what is sent and what is signed agree whatever the caller wrote (`!`,
 * `+`, `|`, `%7E`, `é`): the same path to AWS, in the encoding the SDK's clients send. A query
 * (none of the calls has one) is left as it is.
 */
const wirePathOf = (path: string): string =>
  path.replace(/^[^?]*/, (pathOnly) =>
    pathOnly
      .split('/')
      .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
      .join('/'),
  );

export interface AwsServiceOptions {
  /** The name requests are signed for: `ssm`, `ses`, `s3`, `sqs`. */
  signingName: string;
  region: string;
  /** Where the service answers (the regional endpoint, a test's fake). */
  endpoint: URL;
  /** S3 signs its path encoded once, not twice, and the payload's hash in a header. */
  s3?: boolean;
  /**
   * Keys to sign with instead of the role's: DynamoDB Local takes any, and fixed ones keep a
   * developer's profile and keys out of it.
   */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  transport?: AwsTransport;
}

/**
 * The regional endpoint of a service, unless the environment overrides it the way the SDK reads
 * overrides (`AWS_ENDPOINT_URL_<SERVICE>`, then `AWS_ENDPOINT_URL`): what the tests point at fakes.
 */
export function awsEndpoint(env: NodeJS.ProcessEnv, variableSuffix: string, regional: string): URL {
  return new URL(env[`AWS_ENDPOINT_URL_${variableSuffix}`] ?? env.AWS_ENDPOINT_URL ?? regional);
}

/** `2026-05-04T10:08:43.123Z` as SigV4 writes it: `20260504T100843Z`. */
const amzDate = (date: Date): string => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

/**
 * A caller for one service: signs each request, sends it, retries throttling, 5xx and network
 * errors up to three attempts with jittered backoff, and answers a 2xx answer or throws
 * AwsCallError (a refusal) or the network's error.
 */
export function awsService({ signingName, region, endpoint, s3 = false, credentials: fixed, transport = nodeTransport }: AwsServiceOptions) {
  const basePath = endpoint.pathname.replace(/\/+$/, '');

  return async (request: AwsRequest): Promise<AwsAnswer> => {
    const url = new URL(endpoint.origin + wirePathOf(basePath + request.path));
    // The host as sent, with the port of an endpoint such as http://127.0.0.1:PORT: aws4 signs this header as given.
    const headers: Record<string, string> = { host: url.host, ...request.headers };
    const body =
      typeof request.body === 'string' || request.body === undefined
        ? request.body
        : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength);
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    // S3 wants the payload's hash in a header (it checks the bytes against it); the other services take it from the body.
    if (s3)
      headers['x-amz-content-sha256'] = createHash('sha256')
        .update(body ?? '')
        .digest('hex');
    for (let attempt = 1; ; attempt++) {
      try {
        const credentials = fixed ?? (await credentialsNow());
        const date = amzDate(new Date());
        const signer = new aws4.RequestSigner(
          {
            service: signingName,
            region,
            method: request.method,
            path: url.pathname + url.search,
            headers: { ...headers, 'x-amz-date': date, ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}) },
            body,
            // The headers above are all the request carries: without this aws4 would add its own
            // (a form-urlencoded Content-Type to a body without one) and read the date back from them.
            doNotModifyHeaders: true,
            // S3 only: the path is signed encoded once (aws4 does this for service 's3' anyway; this keeps it tied to the flag).
            doNotEncodePath: s3,
          },
          credentials,
        );
        // With doNotModifyHeaders aws4 takes the time from no header: give it the x-amz-date sent.
        signer.datetime = date;
        const signed = signer.sign().headers as Record<string, string>;
        const answer = await transport(url, request.method, signed, request.body);
        if (answer.status >= 200 && answer.status < 300) return answer;
        throw awsErrorOf(answer, request.action);
      } catch (err) {
        // A refusal (access, validation, a missing key) is final; network errors are retried like 5xx.
        const retryable = err instanceof AwsCallError ? err.retryable : true;
        if (!retryable || attempt >= ATTEMPTS) throw err;
        await new Promise((resume) => setTimeout(resume, 50 * 2 ** attempt * Math.random()));
      }
    }
  };
}

export type AwsService = ReturnType<typeof awsService>;

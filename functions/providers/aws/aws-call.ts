/**
 * One signed call to an AWS service API: SigV4 with the function's role (the default credential
 * chain), sent over node's http(s), retried as the SDK's standard mode does. The Lambdas make five
 * kinds of call besides DynamoDB: SSM GetParameters (the secrets at cold start), SES SendEmail,
 * S3 GetObject and PutObject, SQS SendMessage. Each SDK client bundled for one call costs a route
 * 60-150 kB of minified code compiled at every cold start (its shapes, error classes, middleware and
 * its own protocol stack), which put the routes that mail or read a label PDF over issue 19's
 * 400 kB budget (docs/performance.md, "Lambdas"). These calls need only the pieces the DynamoDB
 * client brings anyway: the signer, the SHA-256 and the credential chain.
 *
 * Errors from every protocol these services speak are read into AwsCallError (code, status,
 * message): JSON (`__type`), REST-JSON (`x-amzn-errortype`) and S3's XML (`<Code>`).
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

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

const nodeTransport: AwsTransport = (url, method, headers, body) =>
  new Promise((resolve, reject) => {
    const https = url.protocol !== 'http:';
    const send = https ? httpsRequest : httpRequest;
    const req = send(url, { method, headers, timeout: TIMEOUT_MS, ...(https ? { agent: keepAlive } : {}) }, (res) => {
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
  ) {
    super(`${code}: ${message}`);
    this.name = 'AwsCallError';
  }

  get retryable(): boolean {
    return this.status >= 500 || this.status === 429 || /Throttl|SlowDown|RequestLimitExceeded/.test(this.code);
  }
}

/** The error in an answer, whichever of the three protocols it came in. */
export function awsErrorOf(answer: AwsAnswer): AwsCallError {
  const text = answer.body.toString('utf8');
  const header = answer.headers['x-amzn-errortype'];
  let code = typeof header === 'string' ? header.split(':')[0] : undefined;
  let message: string | undefined;
  if (text.trimStart().startsWith('<')) {
    code ??= /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  } else {
    try {
      const json = JSON.parse(text) as { __type?: string; code?: string; message?: string; Message?: string };
      code ??= (json.__type ?? json.code)?.split('#').pop();
      message = json.message ?? json.Message;
    } catch {
      // Not JSON (a proxy's page, an empty 404 to a HEAD): the status says enough.
    }
  }
  return new AwsCallError(code || `HTTP ${answer.status}`, answer.status, message ?? (text.slice(0, 200) || `HTTP ${answer.status}`));
}

let credentials: ReturnType<typeof defaultProvider> | undefined;

export interface AwsServiceOptions {
  /** The name requests are signed for: `ssm`, `ses`, `s3`, `sqs`. */
  signingName: string;
  region: string;
  /** Where the service answers (the regional endpoint, a test's fake). */
  endpoint: URL;
  /** S3 signs its path as written and the payload's hash in a header. */
  s3?: boolean;
  transport?: AwsTransport;
}

/**
 * The regional endpoint of a service, unless the environment overrides it the way the SDK reads
 * overrides (`AWS_ENDPOINT_URL_<SERVICE>`, then `AWS_ENDPOINT_URL`): what the tests point at fakes.
 */
export function awsEndpoint(env: NodeJS.ProcessEnv, variableSuffix: string, regional: string): URL {
  return new URL(env[`AWS_ENDPOINT_URL_${variableSuffix}`] ?? env.AWS_ENDPOINT_URL ?? regional);
}

/**
 * A caller for one service: signs each request, sends it, retries throttling, 5xx and network
 * errors up to three attempts with jittered backoff, and answers a 2xx answer or throws
 * AwsCallError (a refusal) or the network's error.
 */
export function awsService({ signingName, region, endpoint, s3 = false, transport = nodeTransport }: AwsServiceOptions) {
  credentials ??= defaultProvider();
  const signer = new SignatureV4({ service: signingName, region, credentials, sha256: Sha256, applyChecksum: s3, uriEscapePath: !s3 });
  const basePath = endpoint.pathname.replace(/\/+$/, '');

  return async (request: AwsRequest): Promise<AwsAnswer> => {
    const path = basePath + request.path;
    const url = new URL(endpoint.origin + path);
    const headers: Record<string, string> = { host: url.host, ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    for (let attempt = 1; ; attempt++) {
      try {
        const signed = await signer.sign({
          method: request.method,
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port ? Number(url.port) : undefined,
          path,
          query: {},
          headers,
          body: request.body,
        });
        const answer = await transport(url, request.method, signed.headers, request.body);
        if (answer.status >= 200 && answer.status < 300) return answer;
        throw awsErrorOf(answer);
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

/**
 * A stand-in for one AWS service API over HTTP on this machine, for the callers of
 * functions/providers/aws/aws-call.ts (there is no local SES, S3 or SQS). It refuses a request not
 * signed with SigV4 for its service and region, or whose signature does not match what arrived (the
 * method, path, signed headers and body, recomputed with the fake keys), as AWS does, keeps every request it accepted (what
 * the service was asked to do, the state the tests assert), and answers with what the test's
 * `answer` says, in the service's own format. Point a caller at it with the SDK's endpoint
 * variables (`AWS_ENDPOINT_URL_SESV2`, `_S3`, `_SQS`).
 */
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAwsRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeAwsAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface FakeAws {
  url: string;
  /** The signed requests it accepted, first first. */
  requests: FakeAwsRequest[];
  /** Answers to give before `answer`'s (a refusal, throttling), first first. */
  queued: FakeAwsAnswer[];
  close(): Promise<void>;
}

/** The role's keys as Lambda sets them; the default credential chain finds them first. */
export const FAKE_AWS_KEYS = { AWS_ACCESS_KEY_ID: 'AKIDFAKE', AWS_SECRET_ACCESS_KEY: 'fake-secret', AWS_SESSION_TOKEN: 'fake-token' };

/**
 * Whether `request` carries a valid SigV4 signature by the fake keys for the service and region,
 * recomputed with the SDK's own signer: the cross-check that aws-call.ts (which signs with aws4)
 * signs as AWS expects. Exported for tests that capture a request through a transport instead.
 */
export async function signatureHolds(request: FakeAwsRequest, signingName: string, region: string): Promise<boolean> {
  const authorization = String(request.headers.authorization ?? '');
  const match = new RegExp(
    `^AWS4-HMAC-SHA256 Credential=AKIDFAKE/\\d{8}/${region}/${signingName}/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$`,
  ).exec(authorization);
  const date = String(request.headers['x-amz-date'] ?? '');
  if (!match || !/^\d{8}T\d{6}Z$/.test(date) || request.headers['x-amz-security-token'] !== FAKE_AWS_KEYS.AWS_SESSION_TOKEN) return false;
  const signedNames = match[1]!.split(';');
  const headers = Object.fromEntries(signedNames.map((name) => [name, String(request.headers[name] ?? '')]));
  const s3 = signingName === 's3';
  const signer = new SignatureV4({
    service: signingName,
    region,
    sha256: Sha256,
    applyChecksum: s3,
    uriEscapePath: !s3,
    credentials: {
      accessKeyId: FAKE_AWS_KEYS.AWS_ACCESS_KEY_ID,
      secretAccessKey: FAKE_AWS_KEYS.AWS_SECRET_ACCESS_KEY,
      sessionToken: FAKE_AWS_KEYS.AWS_SESSION_TOKEN,
    },
  });
  const [host = '', port] = headers.host?.split(':') ?? [];
  const signingDate = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
  const again = await signer.sign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: host,
      port: port ? Number(port) : undefined,
      path: request.path,
      query: {},
      headers,
      body: request.body.length ? request.body : undefined,
    },
    { signingDate, unsignableHeaders: new Set(Object.keys(request.headers).filter((name) => !signedNames.includes(name))) },
  );
  return again.headers.authorization === authorization;
}

export async function startFakeAws(signingName: string, region: string, answer: (request: FakeAwsRequest) => FakeAwsAnswer): Promise<FakeAws> {
  const requests: FakeAwsRequest[] = [];
  const queued: FakeAwsAnswer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      void signatureHolds(request, signingName, region).then((signed) => {
        const given = signed
          ? (queued.shift() ?? (requests.push(request), answer(request)))
          : { status: 403, body: JSON.stringify({ __type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' }) };
        res.writeHead(given.status, given.headers ?? { 'content-type': 'application/json' }).end(given.body ?? '');
      });
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    queued,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

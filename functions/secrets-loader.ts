/**
 * Secrets at cold start. In AWS the settings that are secrets (signing keys, provider API keys) are
 * SSM Parameter Store SecureStrings under one path per stage, `/prepaidship/<stage>/<NAME>`; the
 * stack gives each Lambda only that path in SECRETS_PARAMETER_PREFIX, never the values, so no
 * secret is in the template, the function's environment or the console. functions/config.ts awaits
 * loadSecrets() once, before anything parses the configuration, and lays the values over the
 * environment. Locally (no prefix) nothing is read and the environment variables stay as they are.
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** The configuration keys that are secrets: in AWS they come only from SSM, one parameter each. */
export const SECRET_NAMES = [
  'JWT_SECRET',
  'CAPTCHA_HMAC_KEY',
  'RECAPTCHA_SECRET_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'HOODPAY_API_KEY',
  'HOODPAY_WEBHOOK_SECRET',
  'EASYPOST_API_KEY',
  'AFTERSHIP_API_KEY',
  'EASYPOST_WEBHOOK_SECRET',
  'AFTERSHIP_WEBHOOK_SECRET',
  // A String parameter, not a SecureString: CloudFront's custom origin header resolves it at deploy
  // (infra/stack.ts), and CloudFormation resolves only plain `ssm` references there.
  'ORIGIN_VERIFY_SECRET',
] as const;

export type SecretName = (typeof SECRET_NAMES)[number];
export type Secrets = Partial<Record<SecretName, string>>;

/** The environment variable naming the parameter path, e.g. `/prepaidship/prod/`. */
export const SECRETS_PREFIX_VARIABLE = 'SECRETS_PARAMETER_PREFIX';

/** Only JWT_SECRET has no default: without it nothing can sign a session, so the Lambda must not start. */
const REQUIRED: readonly SecretName[] = ['JWT_SECRET'];

/** `/prepaidship/prod` or `/prepaidship/prod/` + `JWT_SECRET` -> `/prepaidship/prod/JWT_SECRET`. */
export const secretParameterName = (prefix: string, name: SecretName): string => `${prefix.replace(/\/+$/, '')}/${name}`;

/** GetParameters takes at most 10 names a call. */
const NAMES_PER_CALL = 10;
/** Attempts per call for throttling, 5xx and network errors (what the SDK's standard retry mode does). */
const ATTEMPTS = 3;
const TIMEOUT_MS = 5_000;

interface SsmAnswer {
  status: number;
  body: string;
}

/** Sends one signed request; the seam the tests use to watch the calls. */
export type SsmTransport = (url: URL, headers: Record<string, string>, body: string) => Promise<SsmAnswer>;

/** POST over node's http(s), which every bundle loads already (the SDK's request handler). */
const nodeTransport: SsmTransport = (url, headers, body) =>
  new Promise((resolve, reject) => {
    const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
    const req = send(url, { method: 'POST', headers, timeout: TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });

interface GetParametersAnswer {
  Parameters?: { Name?: string; Value?: string }[];
  InvalidParameters?: string[];
}

class SsmError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * SSM's GetParameters, signed with SigV4, in its JSON protocol: the one call the secrets need, made
 * with pieces every bundle already carries (the signer, the SHA-256 and the default credential chain
 * of the DynamoDB client) instead of the SSM client, whose every shape and error class would be
 * compiled at each cold start for this one call (77 kB; docs/performance.md, "Lambdas").
 */
function ssmGetParameters(env: NodeJS.ProcessEnv, transport: SsmTransport) {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('Cannot read the secrets from SSM: AWS_REGION is not set');
  // The SDK's own endpoint overrides (a test's fake SSM), else the regional endpoint.
  const url = new URL(env.AWS_ENDPOINT_URL_SSM ?? env.AWS_ENDPOINT_URL ?? `https://ssm.${region}.amazonaws.com/`);
  const signer = new SignatureV4({ service: 'ssm', region, credentials: defaultProvider(), sha256: Sha256, applyChecksum: false });

  return async (names: string[]): Promise<GetParametersAnswer> => {
    const body = JSON.stringify({ Names: names, WithDecryption: true });
    for (let attempt = 1; ; attempt++) {
      try {
        const signed = await signer.sign({
          method: 'POST',
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port ? Number(url.port) : undefined,
          path: url.pathname,
          query: {},
          headers: {
            host: url.host,
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AmazonSSM.GetParameters',
            'content-length': String(Buffer.byteLength(body)),
          },
          body,
        });
        const answer = await transport(url, signed.headers, body);
        if (answer.status === 200) return JSON.parse(answer.body) as GetParametersAnswer;
        // JSON protocol errors: `{"__type":"...#AccessDeniedException","message":"..."}`.
        let error: { __type?: string; message?: string; Message?: string } = {};
        try {
          error = JSON.parse(answer.body) as typeof error;
        } catch {
          // Not JSON (a proxy's page): the status says enough.
        }
        const code = error.__type?.split('#').pop() ?? `HTTP ${answer.status}`;
        const retryable = answer.status >= 500 || answer.status === 429 || /Throttl/.test(code);
        throw new SsmError(code, error.message ?? error.Message ?? answer.body.slice(0, 200), retryable);
      } catch (err) {
        // Network errors (reset, timeout) are retried like 5xx; a refusal (access, validation) is final.
        const retryable = err instanceof SsmError ? err.retryable : true;
        if (!retryable || attempt >= ATTEMPTS) {
          const reason = err instanceof SsmError ? `${err.code}: ${err.message}` : (err as Error).message;
          throw new Error(`Cannot read the secrets from SSM (GetParameters at ${url.host}): ${reason}`, { cause: err });
        }
        await new Promise((resume) => setTimeout(resume, 50 * 2 ** attempt * Math.random()));
      }
    }
  };
}

/**
 * Reads every secret under the prefix with GetParameters (decrypted; the AWS-managed `aws/ssm` key
 * lets every principal of the account decrypt through SSM, so no kms grant is needed), in calls of
 * at most 10 names, side by side. Parameters that do not exist are simply left out (SSM lists them
 * as InvalidParameters): their settings are optional and keep their local defaults (sandbox
 * payments, derived keys); so are empty values. A missing JWT_SECRET, or SSM refusing the call,
 * fails the cold start with a message saying which parameter to set or what SSM answered.
 */
export async function loadSecrets(env: NodeJS.ProcessEnv = process.env, transport: SsmTransport = nodeTransport): Promise<Secrets> {
  const prefix = env[SECRETS_PREFIX_VARIABLE]?.trim();
  if (!prefix) return {};

  const names = new Map(SECRET_NAMES.map((name) => [secretParameterName(prefix, name), name]));
  const parameters = [...names.keys()];
  const getParameters = ssmGetParameters(env, transport);
  const chunks = Array.from({ length: Math.ceil(parameters.length / NAMES_PER_CALL) }, (_, i) =>
    parameters.slice(i * NAMES_PER_CALL, (i + 1) * NAMES_PER_CALL),
  );
  // Called once per container: config.ts keeps the result for the life of the process.
  const answers = await Promise.all(chunks.map(getParameters));

  const secrets: Secrets = {};
  for (const parameter of answers.flatMap((answer) => answer.Parameters ?? [])) {
    const name = parameter.Name === undefined ? undefined : names.get(parameter.Name);
    if (name && typeof parameter.Value === 'string' && parameter.Value !== '') secrets[name] = parameter.Value;
  }
  const missing = REQUIRED.filter((name) => secrets[name] === undefined);
  if (missing.length) {
    const list = missing.map((name) => secretParameterName(prefix, name)).join(', ');
    throw new Error(`Missing SSM SecureString parameter ${list}: set it (README, "Deploy to AWS") and the next cold start reads it.`);
  }
  return secrets;
}

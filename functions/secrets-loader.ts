/**
 * Secrets at cold start. In AWS the settings that are secrets (signing keys, provider API keys) are
 * SSM Parameter Store SecureStrings under one path per stage, `/prepaidship/<stage>/<NAME>`; the
 * stack gives each Lambda only that path in SECRETS_PARAMETER_PREFIX, never the values, so no
 * secret is in the template, the function's environment or the console. functions/config.ts awaits
 * loadSecrets() once, before anything parses the configuration, and lays the values over the
 * environment. Locally (no prefix) nothing is read and the environment variables stay as they are.
 *
 * Each Lambda reads only the secrets its own code uses: the stack reads them from the function's
 * bundle (infra/handler-usage.ts), lists them in SECRETS_USED and grants exactly those parameters,
 * so a sign-in Lambda holds no Stripe key and a leak of one function's memory or role leaks only
 * what that function needed.
 */
import { GetParametersCommand, SSMClient, type GetParametersCommandOutput } from '@aws-sdk/client-ssm';
import { clientSettings, SERVICE_LIMITS } from './providers/aws/client-settings';

/** The configuration keys that are secrets: in AWS they come only from SSM, one parameter each. */
export const SECRET_NAMES = [
  'JWT_SECRET',
  'CAPTCHA_HMAC_KEY',
  'TOTP_ENCRYPTION_KEY',
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

/**
 * The environment variable listing, comma-separated, the secrets this Lambda's code uses (set by the
 * stack). Unset (a function deployed some other way): every secret is read.
 */
export const SECRETS_USED_VARIABLE = 'SECRETS_USED';

/** The secrets `env` says this Lambda uses (SECRETS_USED), every one when it does not say; unknown names refused. */
export function secretsUsed(env: NodeJS.ProcessEnv | Record<string, string | undefined>): readonly SecretName[] {
  const listed = env[SECRETS_USED_VARIABLE];
  if (listed === undefined) return SECRET_NAMES;
  const names = listed
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(SECRET_NAMES as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`${SECRETS_USED_VARIABLE} names no secret ${unknown.join(', ')}: the secrets are ${SECRET_NAMES.join(', ')}`);
  return names as SecretName[];
}

/** Only JWT_SECRET has no default: without it nothing can sign a session, so a Lambda that uses it must not start. */
const REQUIRED: readonly SecretName[] = ['JWT_SECRET'];

/** `/prepaidship/prod` or `/prepaidship/prod/` + `JWT_SECRET` -> `/prepaidship/prod/JWT_SECRET`. */
export const secretParameterName = (prefix: string, name: SecretName): string => `${prefix.replace(/\/+$/, '')}/${name}`;

/** GetParameters takes at most 10 names a call. */
const NAMES_PER_CALL = 10;

/**
 * SSM's GetParameters for `names`, through a client made for this one cold start (the secrets are
 * read once per container); AWS_ENDPOINT_URL_SSM in `env` points it elsewhere.
 */
function ssmGetParameters(env: NodeJS.ProcessEnv) {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('Cannot read the secrets from SSM: AWS_REGION is not set');
  const endpoint = env.AWS_ENDPOINT_URL_SSM ?? env.AWS_ENDPOINT_URL;
  const ssm = new SSMClient({ region, ...(endpoint ? { endpoint } : {}), ...clientSettings(SERVICE_LIMITS) });

  return async (names: string[]): Promise<GetParametersCommandOutput> => {
    try {
      return await ssm.send(new GetParametersCommand({ Names: names, WithDecryption: true }));
    } catch (err) {
      throw new Error(`Cannot read the secrets from SSM in ${region}: ${(err as Error).message}`, { cause: err });
    }
  };
}

/**
 * Reads the Lambda's secrets (secretsUsed) under the prefix with GetParameters (decrypted; the AWS-managed `aws/ssm` key
 * lets every principal of the account decrypt through SSM, so no kms grant is needed), in calls of
 * at most 10 names, side by side. Parameters that do not exist are simply left out (SSM lists them
 * as InvalidParameters): their settings are optional and keep their local defaults (sandbox
 * payments, derived keys); so are empty values. A missing JWT_SECRET, or SSM refusing the call,
 * fails the cold start with a message saying which parameter to set or what SSM answered.
 */
export async function loadSecrets(env: NodeJS.ProcessEnv = process.env): Promise<Secrets> {
  const prefix = env[SECRETS_PREFIX_VARIABLE]?.trim();
  if (!prefix) return {};

  const used = secretsUsed(env);
  const names = new Map(used.map((name) => [secretParameterName(prefix, name), name]));
  const parameters = [...names.keys()];
  const getParameters = ssmGetParameters(env);
  const chunks = Array.from({ length: Math.ceil(parameters.length / NAMES_PER_CALL) }, (_, i) =>
    parameters.slice(i * NAMES_PER_CALL, (i + 1) * NAMES_PER_CALL),
  );
  // Called once per container: config.ts keeps the result for the life of the process.
  const answers = chunks.length ? await Promise.all(chunks.map(getParameters)) : [];

  const secrets: Secrets = {};
  for (const parameter of answers.flatMap((answer) => answer.Parameters ?? [])) {
    const name = parameter.Name === undefined ? undefined : names.get(parameter.Name);
    if (name && typeof parameter.Value === 'string' && parameter.Value !== '') secrets[name] = parameter.Value;
  }
  const missing = REQUIRED.filter((name) => used.includes(name) && secrets[name] === undefined);
  if (missing.length) {
    const list = missing.map((name) => secretParameterName(prefix, name)).join(', ');
    throw new Error(`Missing SSM SecureString parameter ${list}: set it (README, "Deploy to AWS") and the next cold start reads it.`);
  }
  return secrets;
}

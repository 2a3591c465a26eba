/**
 * Environment configuration, checked once at cold start: a missing or malformed setting fails the
 * Lambda's init with a clear message ("Invalid configuration: NAME: problem; ...") instead of a
 * confusing error mid-request. Every variable is listed in .env.example and the README.
 *
 * Plain checks rather than a zod schema: every Lambda reads this at cold start, and building a
 * schema of every setting and running zod's first parse (which compiles its parser) would cost about
 * as much as everything else the handler code does before its first request (docs/performance.md,
 * "Lambdas"). The checks below follow zod's own rules for URLs, e-mail addresses and yes/no words.
 */
import { SERVICE_IDS } from '../domain/postage/service-ids';
import { LABEL_TYPES } from '../domain/pricing';

/** A markup per USPS service id, `*` for the services not named. */
export type Markup = Partial<Record<string, number>>;
import { loadSecrets, type SecretName, secretsUsed } from './secrets-loader';

/** One setting's problem; `key` names the entry inside a structured value (CARRIER_COST_CEILINGS.key). */
class SettingIssue extends Error {
  constructor(
    message: string,
    readonly key?: string,
  ) {
    super(message);
  }
}
const invalid = (message: string, key?: string): never => {
  throw new SettingIssue(message, key);
};

/** Reads a set variable's text into its value, or throws a SettingIssue. */
type Read<T> = (raw: string) => T;
/** A setting: how its variable is read, and what an unset one means. */
interface Setting<T, Optional extends boolean> {
  read: (raw: string | undefined) => T;
  optional: Optional;
}

const withDefault = <T>(read: Read<T>, fallback: NoInfer<T>): Setting<T, false> => ({
  read: (raw) => (raw === undefined ? fallback : read(raw)),
  optional: false,
});
const optional = <T>(read: Read<T>): Setting<T | undefined, true> => ({ read: (raw) => (raw === undefined ? undefined : read(raw)), optional: true });
const required = <T>(read: Read<T>): Setting<T, false> => ({ read: (raw) => (raw === undefined ? invalid('not set') : read(raw)), optional: false });

/** Text, trimmed first when asked, within a length and with a prefix. */
const text =
  (o: { trim?: boolean; min?: number; max?: number; startsWith?: string; tooShort?: string } = {}): Read<string> =>
  (raw) => {
    const value = o.trim ? raw.trim() : raw;
    if (o.min !== undefined && value.length < o.min) invalid(o.tooShort ?? `must be at least ${o.min} characters`);
    if (o.max !== undefined && value.length > o.max) invalid(`must be at most ${o.max} characters`);
    if (o.startsWith !== undefined && !value.startsWith(o.startsWith)) invalid(`must start with "${o.startsWith}"`);
    return value;
  };

/** A number (as `Number()` reads it), whole when asked, within bounds. */
const number =
  (o: { int?: boolean; min?: number; max?: number }): Read<number> =>
  (raw) => {
    const value = Number(raw);
    if (!Number.isFinite(value)) invalid('must be a number');
    if (o.int && !Number.isSafeInteger(value)) invalid('must be a whole number');
    if (o.min !== undefined && value < o.min) invalid(`must be at least ${o.min}`);
    if (o.max !== undefined && value > o.max) invalid(`must be at most ${o.max}`);
    return value;
  };

const oneOf =
  <const T extends readonly string[]>(values: T): Read<T[number]> =>
  (raw) =>
    values.includes(raw) ? raw : invalid(`must be one of ${values.join(', ')}`);

/** A URL the WHATWG parser accepts, surrounding spaces and tabs or line breaks inside left out (as zod's z.url()). */
const url: Read<string> = (raw) => {
  const value = raw.trim();
  if (!URL.canParse(value)) invalid('must be a URL');
  return value.replace(/[\t\n\r]/g, '');
};

/** zod's z.email() pattern. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const email: Read<string> = (raw) => (EMAIL.test(raw) ? raw : invalid('must be an e-mail address'));

/** Yes or no in the words zod's z.stringbool() takes, in any case. */
const FLAG_WORDS = new Map<string, boolean>([
  ...['true', '1', 'yes', 'on', 'y', 'enabled'].map((word) => [word, true] as const),
  ...['false', '0', 'no', 'off', 'n', 'disabled'].map((word) => [word, false] as const),
]);
const flag: Read<boolean> = (raw) => FLAG_WORDS.get(raw.toLowerCase()) ?? invalid('must be true or false (yes/no, on/off, 1/0)');

/** Comma-separated host names, lower-cased, blanks dropped: at least one. */
const hostList: Read<string[]> = (raw) => {
  const hosts = raw
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length ? hosts : invalid('name at least one host');
};

const LABEL_TYPE_UIDS = new Set(LABEL_TYPES.map((t) => t.uid));
/** JSON `{"<label type uid>": <cents above 0>, ...}`. */
const costCeilings: Read<Partial<Record<string, number>>> = (raw) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return invalid('must be JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return invalid('must be a JSON object of label type to cents');
  const ceilings: Partial<Record<string, number>> = {};
  for (const [uid, cents] of Object.entries(parsed)) {
    if (!LABEL_TYPE_UIDS.has(uid)) invalid('not a label type', uid);
    if (typeof cents !== 'number' || !Number.isSafeInteger(cents) || cents <= 0) invalid('must be a whole number of cents above 0', uid);
    ceilings[uid] = cents as number;
  }
  return ceilings;
};

const SERVICE_ID_SET = new Set<string>(SERVICE_IDS);
/**
 * A markup: a plain number for every service, or JSON `{"<service id>": n, "*": n}` (`*` for the
 * services not named), each at least 0 and at most `max`.
 */
const markup =
  (max: number, int: boolean): Read<Markup> =>
  (raw) => {
    const check = (value: unknown, key?: string): number => {
      if (typeof value !== 'number' || !Number.isFinite(value)) return invalid('must be a number', key);
      if (int && !Number.isSafeInteger(value)) return invalid('must be a whole number', key);
      if (value < 0 || value > max) return invalid(`must be from 0 to ${max}`, key);
      return value;
    };
    const text = raw.trim();
    if (!text.startsWith('{')) return { '*': check(text === '' ? Number.NaN : Number(text)) };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return invalid('must be a number or JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return invalid('must be a number or a JSON object of service to number');
    const out: Markup = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (key !== '*' && !SERVICE_ID_SET.has(key)) invalid('not a USPS service id', key);
      out[key] = check(value, key);
    }
    return out;
  };

const settings = {
  TABLE_NAME: withDefault(text({ min: 1 }), 'prepaidship'),
  /** Set only for DynamoDB Local; in AWS the SDK finds the regional endpoint itself. */
  DYNAMODB_ENDPOINT: optional(url),
  AWS_REGION: withDefault(text({ min: 1 }), 'us-east-1'),
  /** HS256 key for session tokens; at least 32 characters. The local front generates one into DATA_DIR. */
  JWT_SECRET: required(text({ min: 32, tooShort: 'JWT_SECRET must be at least 32 characters' })),
  JWT_ISSUER: withDefault(text(), 'prepaidship'),
  /**
   * The value CloudFront adds as the `x-prepaidship-origin` header to API requests (infra/stack.ts):
   * only a request carrying it may name the client's address in `CloudFront-Viewer-Address`. Unset
   * locally, where there is no CloudFront and the socket address is the client's.
   */
  ORIGIN_VERIFY_SECRET: optional(text({ min: 32 })),
  LOG_LEVEL: withDefault(oneOf(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /**
   * The deployment stage, set by the stack on every Lambda (infra/stack.ts). `prod` refuses the
   * make-believe carrier and payments (isProductionStage); unset means a local run or a test.
   */
  STAGE: optional(oneOf(['dev', 'prod'])),
  /** Set by AWS Lambda itself: a Lambda whose stack did not say its stage counts as production. */
  AWS_LAMBDA_FUNCTION_NAME: optional(text()),
  /** Public origin of the SPA, for links in mails (the password reset link). */
  APP_URL: withDefault(url, 'http://localhost:3000'),
  /**
   * Set only by the local front (infra/local/start.ts): links may point at the loopback origin the
   * front says it served instead of APP_URL (functions/http/app-origin.ts). Ignored on Lambda.
   */
  TRUST_LOCAL_ORIGIN: withDefault(flag, false),

  /** `outbox` keeps mails in the table (local, shown at /_local/outbox); `ses` sends them with SESv2. */
  MAIL_PROVIDER: withDefault(oneOf(['outbox', 'ses']), 'outbox'),
  MAIL_FROM: withDefault(text({ min: 3 }), 'PrepaidShip <no-reply@prepaidship.local>'),
  /** The SES configuration set every mail is sent with: it publishes bounces and complaints to SNS (infra/constructs/mail-feedback.ts). */
  SES_CONFIGURATION_SET: optional(text({ min: 1 })),
  /** Where support requests go. */
  SUPPORT_EMAIL: withDefault(email, 'support@prepaidship.local'),
  /** The seller printed on PDF receipts: its name, and its postal address with `;` between lines. */
  SELLER_NAME: withDefault(text({ trim: true, min: 1, max: 120 }), 'PrepaidShip'),
  SELLER_ADDRESS: withDefault(text({ trim: true, min: 1, max: 300 }), 'Address not configured (set SELLER_ADDRESS)'),

  /** `altcha`: self-hosted proof of work; `recaptcha`: Google; `none`: tests only (warned at start). */
  CAPTCHA_PROVIDER: withDefault(oneOf(['altcha', 'recaptcha', 'none']), 'altcha'),
  /** Key that seals authenticator-app secrets in the table (functions/security/totp-sealing.ts); derived from JWT_SECRET when unset, required in prod. */
  TOTP_ENCRYPTION_KEY: optional(text({ min: 32, tooShort: 'TOTP_ENCRYPTION_KEY must be at least 32 characters' })),
  /** HMAC key of altcha challenges; derived from JWT_SECRET when unset. */
  CAPTCHA_HMAC_KEY: optional(text({ min: 32 })),
  /** Work of one altcha challenge: the largest number the browser may have to try. */
  ALTCHA_MAX_NUMBER: withDefault(number({ int: true, min: 1000, max: 10_000_000 }), 50_000),
  RECAPTCHA_SITE_KEY: optional(text()),
  RECAPTCHA_SECRET_KEY: optional(text()),
  /** reCAPTCHA v3 only: the lowest score that counts as a person (0 to 1). v2 answers carry no score. */
  RECAPTCHA_MIN_SCORE: withDefault(number({ min: 0, max: 1 }), 0.5),
  /**
   * Hosts a reCAPTCHA token may have been solved on, comma-separated (`prepaidship.com,www.prepaidship.com`);
   * unset: the host of APP_URL. Google's test keys answer `testkey.google.com`.
   */
  RECAPTCHA_HOSTNAMES: optional(hostList),

  /** Stripe: with a secret key the real Checkout is used; without one, the local sandbox checkout. */
  STRIPE_SECRET_KEY: optional(text({ startsWith: 'sk_' })),
  /** Signing secret of the webhook endpoint; derived from JWT_SECRET for the sandbox when unset. */
  STRIPE_WEBHOOK_SECRET: optional(text({ startsWith: 'whsec_' })),
  /** Hoodpay (crypto): both set for the real API; otherwise the local sandbox checkout. */
  HOODPAY_API_KEY: optional(text({ min: 1 })),
  HOODPAY_BUSINESS_ID: optional(text({ min: 1 })),
  HOODPAY_API_URL: withDefault(url, 'https://api.hoodpay.io'),
  /**
   * Signing secret of the Hoodpay webhook (`whsec_...`, dashboard: Settings > Developer > Webhooks).
   * Set: a notification without a valid, fresh signature is refused (400). Unset: notifications are
   * taken unsigned; either way the payment is read back from Hoodpay before anything moves.
   */
  HOODPAY_WEBHOOK_SECRET: optional(text({ min: 1 })),

  /**
   * Requests one API key may make per minute, over every route (docs/decisions/0221-per-key-rate-limits.md);
   * past it the key is answered 429 with Retry-After until the minute ends.
   */
  API_KEY_REQUESTS_PER_MINUTE: withDefault(number({ int: true, min: 1, max: 100_000 }), 120),

  /** `sandbox` draws a SAMPLE label itself; `easypost` buys real postage (needs EASYPOST_API_KEY). */
  CARRIER_PROVIDER: withDefault(oneOf(['sandbox', 'easypost']), 'sandbox'),
  EASYPOST_API_KEY: optional(text({ min: 1 })),
  EASYPOST_API_URL: withDefault(url, 'https://api.easypost.com'),
  /**
   * Most EasyPost may charge for one label, in cents per label type, as JSON: `{"usps_priority": 900}`.
   * A type not listed may cost at most what the customer pays for it (domain/pricing.ts), so no
   * label is sold below cost unless this says so.
   */
  CARRIER_COST_CEILINGS: withDefault(costCeilings, {}),
  /**
   * How labels are priced (functions/postage/pricing.ts): `table`, the seed's four label types at
   * their fixed prices, each offered where the carrier's cost fits its ceiling; `rates`, every USPS
   * service at the carrier's rate plus the markup below.
   */
  PRICING_MODE: withDefault(oneOf(['table', 'rates']), 'table'),
  /** In `rates` mode: cents added to the carrier's rate, for every service or per service (JSON). */
  RATE_MARKUP_CENTS: withDefault(markup(10_000, true), { '*': 35 }),
  /** In `rates` mode: percent of the carrier's rate added too (rounded up to the cent), for every service or per service (JSON). */
  RATE_MARKUP_PERCENT: withDefault(markup(100, false), { '*': 3 }),
  /** Our price for insuring a label's declared value: cents per started $100 (domain/postage/extras.ts). */
  INSURANCE_CENTS_PER_100: withDefault(number({ int: true, min: 0, max: 10_000 }), 80),
  /** How long a quote (POST /shipping/rates) may be bought at its price. */
  QUOTE_TTL_SECONDS: withDefault(number({ int: true, min: 60, max: 3600 }), 900),
  /** Label PDFs: an S3 bucket in AWS; without one, files under LABEL_DIR (local runs). */
  LABEL_BUCKET: optional(text({ min: 3 })),
  LABEL_DIR: withDefault(text({ min: 1 }), '.data/labels'),

  /**
   * How long a purchase owns its processing order beyond its next carrier call before the scheduled
   * recovery may finish or refund it: each renewal, before a carrier call, lasts the carrier's call
   * timeout plus this (functions/labels/buy-label.ts). Short values are for tests.
   */
  PURCHASE_LEASE_SECONDS: withDefault(number({ int: true, min: 1, max: 900 }), 30),
  /**
   * The SQS queue a batch purchase is sent to (set by the stack): its worker Lambda buys the
   * rows. Unset (local runs, tests): the same worker runs in this process.
   */
  BATCH_QUEUE_URL: optional(url),
  /**
   * The SQS queue webhook deliveries are sent to (set by the stack): its worker Lambda POSTs them
   * to the shops' endpoints. Unset (local runs, tests): the same worker runs in this process.
   */
  WEBHOOK_QUEUE_URL: optional(url),
  /** Locally, how often the front runs the scheduled work (AWS: every minute, EventBridge). */
  SCHEDULE_INTERVAL_SECONDS: withDefault(number({ int: true, min: 1, max: 3600 }), 15),
  /**
   * Sandbox carrier only: how long each of its calls takes (a purchase is two: create and buy), to
   * exercise the processing state and a slow carrier (tests, demos).
   */
  SANDBOX_CARRIER_DELAY_MS: withDefault(number({ int: true, min: 0, max: 60_000 }), 0),
  /**
   * Sandbox carrier only: how long a label refund stays submitted before the sandbox decides it (0:
   * at once), so the refund_pending state and the scheduled settlement can be seen locally.
   */
  SANDBOX_REFUND_DELAY_SECONDS: withDefault(number({ int: true, min: 0, max: 30 * 86_400 }), 0),
  /**
   * Most time between two questions to the carrier about a submitted label refund (the first come a
   * minute apart, then half the refund's age; functions/labels/label-refunds.ts). Default 6 hours.
   */
  REFUND_POLL_SECONDS: withDefault(number({ int: true, min: 60, max: 86_400 }), 21_600),

  /** `sandbox` derives events from our own labels; `aftership` asks AfterShip (needs AFTERSHIP_API_KEY). */
  TRACKING_PROVIDER: withDefault(oneOf(['sandbox', 'aftership']), 'sandbox'),
  AFTERSHIP_API_KEY: optional(text({ min: 1 })),
  AFTERSHIP_API_URL: withDefault(url, 'https://api.aftership.com'),
  /**
   * Signing secret of the EasyPost webhook (Dashboard > Webhooks, "webhook secret"): a tracker event
   * without a valid X-Hmac-Signature is refused (400). Unset: a sandbox secret derived from JWT_SECRET,
   * which only the local sandbox emitter knows (functions/tracking/webhook-secrets.ts).
   */
  EASYPOST_WEBHOOK_SECRET: optional(text({ min: 1 })),
  /** Signing secret of the AfterShip webhook (Settings > Webhooks); unset: derived from JWT_SECRET, as above. */
  AFTERSHIP_WEBHOOK_SECRET: optional(text({ min: 1 })),
  /**
   * Minutes between two questions to the tracker about a label whose carrier events stopped
   * arriving (functions/tracking/poll.ts). Unset: 1 with the sandbox tracker (the local timeline
   * visibly moves), 360 otherwise (webhooks carry the news; the poll only covers gaps).
   */
  TRACKING_POLL_MINUTES: optional(number({ int: true, min: 1, max: 7 * 24 * 60 })),
} satisfies Record<string, Setting<unknown, boolean>>;

type Settings = typeof settings;
type ValueOf<K extends keyof Settings> = ReturnType<Settings[K]['read']>;
type Flat<T> = { [K in keyof T]: T[K] };
/** The configuration: a setting with a default is always there; an optional one may be absent. */
export type Config = Flat<
  { [K in keyof Settings as Settings[K]['optional'] extends true ? never : K]: ValueOf<K> } & {
    [K in keyof Settings as Settings[K]['optional'] extends true ? K : never]?: ValueOf<K>;
  }
>;

/**
 * Whether this process takes real money and sells real postage only: the `prod` stage, or a Lambda
 * whose stack did not mark its stage (the stack sets STAGE on every Lambda, so only a hand-made
 * function lacks it, and it is not trusted to be a test). Local runs and tests have neither and may
 * use the sandboxes.
 */
export const isProductionStage = (c: Pick<Config, 'STAGE' | 'AWS_LAMBDA_FUNCTION_NAME'>): boolean =>
  c.STAGE === 'prod' || (c.STAGE === undefined && c.AWS_LAMBDA_FUNCTION_NAME !== undefined);

/**
 * What production refuses about the payment settings as a whole, as `NAME: problem` lines. `used`:
 * the secrets this function's code reads (SECRETS_USED), so a sign-in Lambda, which holds no Stripe
 * key, is not refused for lacking one; a function that takes card payments is.
 * - A Stripe test key: test-mode checkouts "succeed" with test cards, and every such top-up would
 *   credit a wallet with money never paid.
 * - No Stripe key where card payments are taken: the sandbox checkout would stand in for Stripe.
 * - Half of Hoodpay: one without the other silently falls back to the sandbox crypto checkout.
 */
function productionProblems(c: Config, used: readonly SecretName[]): string[] {
  if (!isProductionStage(c)) return [];
  const problems: string[] = [];
  const where = c.STAGE ? `stage ${c.STAGE}` : 'a Lambda without a STAGE';
  if (c.STRIPE_SECRET_KEY !== undefined && !c.STRIPE_SECRET_KEY.startsWith('sk_live_')) {
    problems.push(`STRIPE_SECRET_KEY: a Stripe test key in ${where}, where test cards would credit wallets for nothing: set the live key (sk_live_...)`);
  }
  if (used.includes('STRIPE_SECRET_KEY') && c.STRIPE_SECRET_KEY === undefined) {
    problems.push(`STRIPE_SECRET_KEY: not set in ${where}, so card payments would go to the sandbox checkout: set the live key (sk_live_...)`);
  }
  if (used.includes('STRIPE_WEBHOOK_SECRET') && c.STRIPE_WEBHOOK_SECRET === undefined) {
    problems.push(`STRIPE_WEBHOOK_SECRET: not set in ${where}, so Stripe's events could not be verified: set the endpoint's signing secret (whsec_...)`);
  }
  if (used.includes('HOODPAY_API_KEY') && (c.HOODPAY_API_KEY === undefined) !== (c.HOODPAY_BUSINESS_ID === undefined)) {
    problems.push(
      `HOODPAY_API_KEY: Hoodpay needs both HOODPAY_API_KEY and HOODPAY_BUSINESS_ID, or neither, in ${where}, as one alone falls back to the sandbox crypto checkout`,
    );
  }
  return problems;
}

/** Every setting read from `input`; all problems in one error. */
function parseConfig(input: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(settings) as [string, Setting<unknown, boolean>][]) {
    try {
      const value = setting.read(input[name]);
      if (value !== undefined) values[name] = value;
    } catch (error) {
      if (!(error instanceof SettingIssue)) throw error;
      problems.push(`${error.key === undefined ? name : `${name}.${error.key}`}: ${error.message}`);
    }
  }
  if (!problems.length) problems.push(...productionProblems(values as Config, secretsUsed(input)));
  if (problems.length) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return values as Config;
}

/**
 * In AWS the secrets are SSM SecureStrings (SECRETS_PARAMETER_PREFIX), read once here at cold start.
 * A top-level await, not a middleware step: modules such as data/client.ts read the configuration as
 * they load, and every importer of this module waits for it, so none can see the config without them.
 * Without the prefix (local runs, tests) this resolves at once to nothing.
 */
const secrets = await loadSecrets();

let cached: Config | undefined;

/** The parsed configuration; parsed on first use and kept for the life of the process. */
export function config(): Config {
  if (!cached) {
    // An empty variable (`APP_URL=` copied from .env.example) means "unset", not "invalid".
    const env = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== ''));
    cached = parseConfig({ ...env, ...secrets });
  }
  return cached;
}

// In a Lambda the configuration is checked during init, whatever the handler reads first: a bad or
// make-believe production setting (a Stripe test key) stops the cold start before any request.
if (process.env.AWS_LAMBDA_FUNCTION_NAME) config();

/**
 * Forgets the parsed configuration (tests that change process.env): the one reset for tests. What is
 * derived from the configuration follows it, so the next call of any provider getter
 * (functions/providers/registry/) or token function chooses again from the new values.
 */
export function resetConfigForTests(): void {
  cached = undefined;
}

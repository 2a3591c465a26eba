/**
 * Environment configuration, parsed with zod once at cold start: a missing or malformed setting
 * fails the Lambda's init with a clear message instead of a confusing error mid-request.
 * Every variable is listed in .env.example and the README.
 */
import * as z from 'zod';
import { LABEL_TYPES } from '../domain/pricing';
import { loadSecrets } from './secrets-loader';

const labelTypeUid = z.enum(LABEL_TYPES.map((t) => t.uid) as [string, ...string[]]);

/** A JSON setting: its text parsed, or a zod issue saying it is not JSON. */
const jsonText = (value: unknown, ctx: z.RefinementCtx) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be JSON' });
    return z.NEVER;
  }
};

const schema = z.object({
  TABLE_NAME: z.string().min(1).default('prepaidship'),
  /** Set only for DynamoDB Local; in AWS the SDK finds the regional endpoint itself. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** HS256 key for session tokens; at least 32 characters. The local front generates one into DATA_DIR. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  JWT_ISSUER: z.string().default('prepaidship'),
  /**
   * The value CloudFront adds as the `x-prepaidship-origin` header to API requests (infra/stack.ts):
   * only a request carrying it may name the client's address in `CloudFront-Viewer-Address`. Unset
   * locally, where there is no CloudFront and the socket address is the client's.
   */
  ORIGIN_VERIFY_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * The deployment stage, set by the stack on every Lambda (infra/stack.ts). `prod` refuses the
   * make-believe carrier; unset means a local run or a test.
   */
  STAGE: z.enum(['dev', 'prod']).optional(),
  /** Set by AWS Lambda itself: a Lambda whose stack did not say its stage counts as production. */
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  /** Public origin of the SPA, for links in mails (the password reset link). */
  APP_URL: z.url().default('http://localhost:3000'),
  /**
   * Set only by the local front (infra/local/start.ts): links may point at the loopback origin the
   * front says it served instead of APP_URL (functions/http/app-origin.ts). Ignored on Lambda.
   */
  TRUST_LOCAL_ORIGIN: z.stringbool().default(false),

  /** `outbox` keeps mails in the table (local, shown at /_local/outbox); `ses` sends them with SESv2. */
  MAIL_PROVIDER: z.enum(['outbox', 'ses']).default('outbox'),
  MAIL_FROM: z.string().min(3).default('PrepaidShip <no-reply@prepaidship.local>'),
  /** Where support requests go (issue 6). */
  SUPPORT_EMAIL: z.email().default('support@prepaidship.local'),
  /** The seller printed on PDF receipts (issue 17): its name, and its postal address with `;` between lines. */
  SELLER_NAME: z.string().trim().min(1).max(120).default('PrepaidShip'),
  SELLER_ADDRESS: z.string().trim().min(1).max(300).default('Address not configured (set SELLER_ADDRESS)'),

  /** `altcha`: self-hosted proof of work; `recaptcha`: Google; `none`: tests only (warned at start). */
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha', 'none']).default('altcha'),
  /** HMAC key of altcha challenges; derived from JWT_SECRET when unset. */
  CAPTCHA_HMAC_KEY: z.string().min(32).optional(),
  /** Work of one altcha challenge: the largest number the browser may have to try. */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(50_000),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  /** reCAPTCHA v3 only: the lowest score that counts as a person (0 to 1). v2 answers carry no score. */
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /**
   * Hosts a reCAPTCHA token may have been solved on, comma-separated (`prepaidship.com,www.prepaidship.com`);
   * unset: the host of APP_URL. Google's test keys answer `testkey.google.com`.
   */
  RECAPTCHA_HOSTNAMES: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).min(1, 'name at least one host'))
    .optional(),

  /** Stripe: with a secret key the real Checkout is used; without one, the local sandbox checkout. */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  /** Signing secret of the webhook endpoint; derived from JWT_SECRET for the sandbox when unset. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Hoodpay (crypto): both set for the real API; otherwise the local sandbox checkout. */
  HOODPAY_API_KEY: z.string().min(1).optional(),
  HOODPAY_BUSINESS_ID: z.string().min(1).optional(),
  HOODPAY_API_URL: z.url().default('https://api.hoodpay.io'),
  /**
   * Signing secret of the Hoodpay webhook (`whsec_...`, dashboard: Settings > Developer > Webhooks).
   * Set: a notification without a valid, fresh signature is refused (400). Unset: notifications are
   * taken unsigned, as before; either way the payment is read back from Hoodpay before anything moves.
   */
  HOODPAY_WEBHOOK_SECRET: z.string().min(1).optional(),

  /** `sandbox` draws a SAMPLE label itself; `easypost` buys real postage (needs EASYPOST_API_KEY). */
  CARRIER_PROVIDER: z.enum(['sandbox', 'easypost']).default('sandbox'),
  EASYPOST_API_KEY: z.string().min(1).optional(),
  EASYPOST_API_URL: z.url().default('https://api.easypost.com'),
  /**
   * Most EasyPost may charge for one label, in cents per label type, as JSON: `{"usps_priority": 900}`.
   * A type not listed may cost at most what the customer pays for it (domain/pricing.ts), so no
   * label is sold below cost unless this says so.
   */
  CARRIER_COST_CEILINGS: z.preprocess(jsonText, z.partialRecord(labelTypeUid, z.int().positive())).default({}),
  /** Label PDFs: an S3 bucket in AWS; without one, files under LABEL_DIR (local runs). */
  LABEL_BUCKET: z.string().min(3).optional(),
  LABEL_DIR: z.string().min(1).default('.data/labels'),

  /**
   * How long a purchase owns its processing order before the scheduled recovery may finish or refund
   * it (functions/data/orders.ts). Longer than any request runs; short values are for tests.
   */
  PURCHASE_LEASE_SECONDS: z.coerce.number().int().min(1).max(900).default(30),
  /**
   * The SQS queue a batch purchase is sent to (issue 17; set by the stack): its worker Lambda buys the
   * rows. Unset (local runs, tests): the same worker runs in this process.
   */
  BATCH_QUEUE_URL: z.url().optional(),
  /** Locally, how often the front runs the scheduled work (AWS: every minute, EventBridge). */
  SCHEDULE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /** Sandbox carrier only: how long a purchase takes, to exercise the processing state (tests, demos). */
  SANDBOX_CARRIER_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Sandbox carrier only: how long a label refund stays submitted before the sandbox decides it (0:
   * at once), so the refund_pending state and the scheduled settlement can be seen locally.
   */
  SANDBOX_REFUND_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(0),
  /**
   * Most time between two questions to the carrier about a submitted label refund (the first come a
   * minute apart, then half the refund's age; functions/labels/label-refunds.ts). Default 6 hours.
   */
  REFUND_POLL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(21_600),

  /** `sandbox` derives events from our own labels; `aftership` asks AfterShip (needs AFTERSHIP_API_KEY). */
  TRACKING_PROVIDER: z.enum(['sandbox', 'aftership']).default('sandbox'),
  AFTERSHIP_API_KEY: z.string().min(1).optional(),
  AFTERSHIP_API_URL: z.url().default('https://api.aftership.com'),
  /**
   * Signing secret of the EasyPost webhook (Dashboard > Webhooks, "webhook secret"): a tracker event
   * without a valid X-Hmac-Signature is refused (400). Unset: a sandbox secret derived from JWT_SECRET,
   * which only the local sandbox emitter knows (functions/tracking/webhook-secrets.ts).
   */
  EASYPOST_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Signing secret of the AfterShip webhook (Settings > Webhooks); unset: derived from JWT_SECRET, as above. */
  AFTERSHIP_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Minutes between two questions to the tracker about a label whose carrier events stopped
   * arriving (functions/tracking/poll.ts). Unset: 1 with the sandbox tracker (the local timeline
   * visibly moves), 360 otherwise (webhooks carry the news; the poll only covers gaps).
   */
  TRACKING_POLL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .optional(),
});

export type Config = z.infer<typeof schema>;

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
    const parsed = schema.safeParse({ ...env, ...secrets });
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid configuration: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/**
 * Forgets the parsed configuration (tests that change process.env): the one reset for tests. What is
 * derived from the configuration follows it, so the next call of any provider getter
 * (functions/providers/registry/) or token function chooses again from the new values.
 */
export function resetConfigForTests(): void {
  cached = undefined;
}

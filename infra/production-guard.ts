/**
 * A production stage cannot run on make-believe: the stack refuses to synthesize,
 * and so to deploy, a `prod` stage whose settings leave a provider on its sandbox or off, or whose
 * declared secrets lack what the chosen providers need. Every problem is named at once, so one
 * failed synth lists everything to fix in cdk.json. Dev stages are not checked: they exist to run
 * on sandboxes.
 *
 * Secrets live in SSM, which a synth must not read (no credentials, no network), so a stage declares
 * the names it has put there (`secrets` in cdk.json, README "Deploy to AWS"); the Lambda still refuses
 * at cold start when JWT_SECRET is missing, and the carrier registry refuses the sandbox carrier in
 * prod at first use, in case a function is deployed some other way.
 */
import type { SecretName } from '../functions/secrets-loader';

export interface StageConfiguration {
  stage: string;
  /** The non-secret Lambda settings (cdk.json `settings`). */
  settings: Record<string, string>;
  /** The secrets the stage holds in SSM (cdk.json `secrets`). */
  secrets: readonly SecretName[];
}

/** What a setting must be in production, and what its value then needs among the secrets. */
const REAL_PROVIDERS: { setting: string; real: readonly string[]; makeBelieve: string; needs: Record<string, readonly SecretName[]> }[] = [
  {
    setting: 'CARRIER_PROVIDER',
    real: ['easypost'],
    makeBelieve: 'the sandbox draws SAMPLE labels that are not postage',
    // The webhook secret too: without it EasyPost's tracker events are refused and only the slow poll moves a shipment.
    needs: { easypost: ['EASYPOST_API_KEY', 'EASYPOST_WEBHOOK_SECRET'] },
  },
  {
    setting: 'TRACKING_PROVIDER',
    real: ['aftership'],
    makeBelieve: 'the sandbox invents tracking events from our own labels',
    needs: { aftership: ['AFTERSHIP_API_KEY', 'AFTERSHIP_WEBHOOK_SECRET'] },
  },
];

/** The settings whose unset value is already real: only an explicit make-believe value is refused. */
const CAPTCHA = { setting: 'CAPTCHA_PROVIDER', default: 'altcha', real: ['altcha', 'recaptcha'], needs: { recaptcha: ['RECAPTCHA_SECRET_KEY'] } } as const;

/** Always needed in production: sessions, and card top-ups at Stripe (without a key they go to the sandbox checkout). */
const ALWAYS: readonly { secret: SecretName; why: string }[] = [
  { secret: 'JWT_SECRET', why: 'signs sessions; the Lambdas refuse to start without it' },
  {
    secret: 'TOTP_ENCRYPTION_KEY',
    why: 'seals authenticator-app secrets; without it their key derives from the session key, so changing that would break every authenticator',
  },
  { secret: 'STRIPE_SECRET_KEY', why: 'without it card top-ups go to the sandbox checkout' },
  { secret: 'STRIPE_WEBHOOK_SECRET', why: "without it Stripe's payment events cannot be verified" },
];

/** Every reason the stage may not run as production; empty for a dev stage or a ready prod one. */
export function productionProblems({ stage, settings, secrets }: StageConfiguration): string[] {
  if (stage !== 'prod') return [];
  const problems: string[] = [];
  const missing = (secret: SecretName, why: string) => {
    if (!secrets.includes(secret)) problems.push(`secrets lacks ${secret} (${why})`);
  };

  for (const p of REAL_PROVIDERS) {
    const value = settings[p.setting];
    if (value === undefined || value === '')
      problems.push(`${p.setting} is unset, so it defaults to sandbox (${p.makeBelieve}): set it to ${p.real.join(' or ')}`);
    else if (!p.real.includes(value)) problems.push(`${p.setting} is ${value} (${p.makeBelieve}): set it to ${p.real.join(' or ')}`);
    else {
      for (const secret of p.needs[value] ?? []) missing(secret, `${p.setting}=${value} needs it`);
    }
  }

  const captcha = settings[CAPTCHA.setting] || CAPTCHA.default;
  if (!(CAPTCHA.real as readonly string[]).includes(captcha)) {
    problems.push(`${CAPTCHA.setting} is ${captcha} (no captcha: sign-up and sign-in are open to bots): set it to ${CAPTCHA.real.join(' or ')}`);
  } else if (captcha === 'recaptcha') {
    for (const secret of CAPTCHA.needs.recaptcha) missing(secret, 'CAPTCHA_PROVIDER=recaptcha needs it');
    if (!settings.RECAPTCHA_SITE_KEY) problems.push('RECAPTCHA_SITE_KEY is unset (CAPTCHA_PROVIDER=recaptcha needs it)');
  }

  for (const { secret, why } of ALWAYS) missing(secret, why);
  // Hoodpay needs both halves; one alone silently falls back to the sandbox crypto checkout.
  if (!!settings.HOODPAY_BUSINESS_ID !== secrets.includes('HOODPAY_API_KEY')) {
    problems.push('Hoodpay needs both HOODPAY_BUSINESS_ID in settings and HOODPAY_API_KEY in secrets, or neither: one is missing');
  }
  return problems;
}

/** Throws, naming every problem, when `configuration` is a prod stage that is not ready for real customers. */
export function assertProductionReady(configuration: StageConfiguration): void {
  const problems = productionProblems(configuration);
  if (problems.length === 0) return;
  throw new Error(
    `Stage ${configuration.stage} refuses to synthesize on make-believe (cdk.json context.prepaidship.${configuration.stage}):\n` +
      problems.map((p) => `  - ${p}`).join('\n'),
  );
}

/**
 * The one place a provider is chosen. Each folder beside this file holds an interface (carrier.ts,
 * mailer.ts, ...) and its implementations, which import only that interface; this module reads the
 * configuration (functions/config.ts) and decides which implementation runs. Handlers import the
 * getters from here and never know which one they got.
 *
 * Each provider is made on first use and kept as long as the parsed configuration it was made from:
 * in a Lambda that is the life of the container, so SDK clients and their connections are reused.
 * A test that changes process.env calls resetConfigForTests() (functions/config.ts) and every
 * provider is chosen again from the new configuration: there is no second reset to forget.
 */
import type Stripe from 'stripe';
import { config, type Config } from '../config';
import type { BlobStore } from './blobs/blob-store';
import { FileBlobStore } from './blobs/file-blob-store';
import { S3BlobStore } from './blobs/s3-blob-store';
import { createAltchaCaptcha, deriveAltchaHmacKey } from './captcha/altcha-captcha';
import type { Captcha } from './captcha/captcha';
import { createNoCaptcha } from './captcha/no-captcha';
import { createRecaptchaCaptcha } from './captcha/recaptcha-captcha';
import type { Carrier } from './carrier/carrier';
import { EasyPostCarrier } from './carrier/easypost-carrier';
import { SandboxCarrier } from './carrier/sandbox-carrier';
import type { Mailer } from './mail/mailer';
import { createOutboxMailer } from './mail/outbox-mailer';
import { createSesMailer } from './mail/ses-mailer';
import { HoodpayCheckout } from './payments/hoodpay-checkout';
import type { CardCheckout, CryptoCheckout } from './payments/payments';
import { SandboxCardCheckout, SandboxCryptoCheckout } from './payments/sandbox-checkout';
import { StripeCheckout, stripeEventSignedWith } from './payments/stripe-checkout';
import { AfterShipTracker } from './tracking/aftership-tracker';
import { SandboxTracker } from './tracking/sandbox-tracker';
import type { PackageTracker, TrackingSettings } from './tracking/tracking';

/**
 * `make`, called once per parsed configuration. A `make` that throws (a provider configured without
 * its key) keeps nothing, so the next call throws the same message again.
 */
function oncePerConfig<T>(make: (c: Config) => T): () => T {
  let made: { from: Config; value: T } | undefined;
  return () => {
    const c = config();
    if (made?.from !== c) made = { from: c, value: make(c) };
    return made.value;
  };
}

// ---------------------------------------------------------------------------------------------
// Mail: SES when MAIL_PROVIDER=ses, the outbox in the table otherwise.
// ---------------------------------------------------------------------------------------------

/** The configured mailer. */
export const getMailer: () => Mailer = oncePerConfig((c) => (c.MAIL_PROVIDER === 'ses' ? createSesMailer() : createOutboxMailer()));

// ---------------------------------------------------------------------------------------------
// Label PDFs: S3 when LABEL_BUCKET is set, files under LABEL_DIR otherwise.
// ---------------------------------------------------------------------------------------------

/** Where label PDFs live. */
export const getLabelStore: () => BlobStore = oncePerConfig((c) =>
  c.LABEL_BUCKET ? new S3BlobStore({ bucket: c.LABEL_BUCKET, region: c.AWS_REGION }) : new FileBlobStore(c.LABEL_DIR),
);

// ---------------------------------------------------------------------------------------------
// Captcha: CAPTCHA_PROVIDER (altcha by default, recaptcha, none).
// ---------------------------------------------------------------------------------------------

/** The configured captcha of the sign-up and sign-in forms. */
export const getCaptcha: () => Captcha = oncePerConfig((c) => {
  switch (c.CAPTCHA_PROVIDER) {
    case 'altcha':
      return createAltchaCaptcha({
        hmacKey: c.CAPTCHA_HMAC_KEY ?? deriveAltchaHmacKey(c.JWT_SECRET),
        maxNumber: c.ALTCHA_MAX_NUMBER,
      });
    case 'recaptcha':
      return createRecaptchaCaptcha({ siteKey: c.RECAPTCHA_SITE_KEY, secretKey: c.RECAPTCHA_SECRET_KEY });
    case 'none':
      return createNoCaptcha();
  }
});

// ---------------------------------------------------------------------------------------------
// Carrier: EasyPost when CARRIER_PROVIDER=easypost, the local sandbox otherwise.
// ---------------------------------------------------------------------------------------------

/**
 * The configured carrier: EasyPost when CARRIER_PROVIDER is `easypost` (which then requires
 * EASYPOST_API_KEY), the sandbox otherwise.
 */
export const getCarrier: () => Carrier = oncePerConfig((c) => {
  if (c.CARRIER_PROVIDER !== 'easypost') return new SandboxCarrier();
  if (!c.EASYPOST_API_KEY) throw new Error('CARRIER_PROVIDER=easypost needs EASYPOST_API_KEY');
  return new EasyPostCarrier({ apiKey: c.EASYPOST_API_KEY, apiUrl: c.EASYPOST_API_URL });
});

// ---------------------------------------------------------------------------------------------
// Tracking: AfterShip when TRACKING_PROVIDER=aftership, the sandbox otherwise.
// ---------------------------------------------------------------------------------------------

/** The tracking settings, from the one parsed configuration. */
export function trackingSettings(): TrackingSettings {
  const { TRACKING_PROVIDER, AFTERSHIP_API_KEY, AFTERSHIP_API_URL } = config();
  return { TRACKING_PROVIDER, AFTERSHIP_API_KEY, AFTERSHIP_API_URL };
}

/**
 * The configured tracker: AfterShip when TRACKING_PROVIDER is `aftership` (which then requires
 * AFTERSHIP_API_KEY), the sandbox otherwise.
 */
export const getPackageTracker: () => PackageTracker = oncePerConfig(() => {
  const s = trackingSettings();
  if (s.TRACKING_PROVIDER !== 'aftership') return new SandboxTracker();
  if (!s.AFTERSHIP_API_KEY) throw new Error('TRACKING_PROVIDER=aftership needs AFTERSHIP_API_KEY');
  return new AfterShipTracker({ apiKey: s.AFTERSHIP_API_KEY, apiUrl: s.AFTERSHIP_API_URL });
});

// ---------------------------------------------------------------------------------------------
// Payments: the real provider when its keys are configured, the local sandbox otherwise.
// ---------------------------------------------------------------------------------------------

/**
 * Card payments: Stripe Checkout when STRIPE_SECRET_KEY is set (which then requires
 * STRIPE_WEBHOOK_SECRET), the local sandbox otherwise.
 */
export const getCardCheckout: () => CardCheckout = oncePerConfig((c) =>
  c.STRIPE_SECRET_KEY
    ? new StripeCheckout({ secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET })
    : new SandboxCardCheckout(),
);

/** Crypto payments: Hoodpay when HOODPAY_API_KEY and HOODPAY_BUSINESS_ID are both set, the local sandbox otherwise. */
export const getCryptoCheckout: () => CryptoCheckout = oncePerConfig((c) =>
  c.HOODPAY_API_KEY && c.HOODPAY_BUSINESS_ID
    ? new HoodpayCheckout({ apiKey: c.HOODPAY_API_KEY, businessId: c.HOODPAY_BUSINESS_ID, apiUrl: c.HOODPAY_API_URL })
    : new SandboxCryptoCheckout(),
);

/** Which payment providers are sandboxes (the local front serves /_local/checkout only for those). */
export function usingSandboxPayments(): { card: boolean; crypto: boolean } {
  return { card: getCardCheckout() instanceof SandboxCardCheckout, crypto: getCryptoCheckout() instanceof SandboxCryptoCheckout };
}

/**
 * The Stripe event in `rawBody` when `signatureHeader` (Stripe-Signature) is a valid, fresh signature
 * of exactly that body by the selected card provider's webhook secret; undefined otherwise
 * (stripeEventSignedWith in stripe-checkout.ts). A misconfigured provider still throws, from
 * getCardCheckout(). `rawBody` must be the request body as received, before any JSON parsing.
 */
export function verifyStripeEvent(rawBody: string, signatureHeader: string | undefined): Stripe.Event | undefined {
  return stripeEventSignedWith(getCardCheckout().webhookSecret(), rawBody, signatureHeader);
}

/**
 * Card payments with Stripe Checkout (STRIPE_SECRET_KEY set). One Stripe client per instance, made
 * on its first call (getCardCheckout() keeps one per Lambda container), on the API version
 * this SDK release pins, retrying network failures twice and giving up on one try after 10 s.
 *
 * The session carries our ids three ways (client_reference_id, the session's metadata and the
 * PaymentIntent's metadata) so the webhook can find the pending ledger entry whichever object it
 * reads. The idempotency key is derived from the entry: a retried create for one entry cannot open
 * two sessions.
 */
import type Stripe from 'stripe';
import { ProviderUnavailable, RefundRefused } from '../../errors';
import { assertPayable, redact } from './checkout-request';
import type { CardCheckout, CardRefundRequest, CheckoutRequest } from './payments';

const TIMEOUT_MS = 10_000;
const MAX_NETWORK_RETRIES = 2;
/**
 * How long the payer has on Stripe's page. Stripe accepts 30 minutes to 24 hours after it creates
 * the session; the two extra minutes keep clock skew and request latency from landing us just
 * under its 30-minute floor.
 */
export const SESSION_LIFETIME_SECONDS = 30 * 60 + 120;

export interface StripeCheckoutOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Tests only: Stripe.createFetchHttpClient(fakeFetch) to answer with recorded responses. */
  httpClient?: Stripe.HttpClient;
  /** Tests only: the clock, in milliseconds. */
  now?: () => number;
}

type StripeSdk = typeof Stripe;
let sdk: Promise<StripeSdk> | undefined;
/**
 * The Stripe SDK, imported on first use rather than at load: evaluating it (its every
 * resource class) was a large part of the cold start of every Lambda that may take a card payment,
 * most of whose requests never call Stripe. In the bundle it is the same file, so the first call
 * costs only that evaluation, no download.
 */
const stripeSdk = (): Promise<StripeSdk> => (sdk ??= import('stripe').then((module) => module.default));

/** The idempotency key of the session for one ledger entry (or order). */
export const sessionIdempotencyKey = (entryId: string): string => `prepaidship-checkout-${entryId}`;

export class StripeCheckout implements CardCheckout {
  private client: Promise<Stripe> | undefined;
  private readonly httpClient: Stripe.HttpClient | undefined;
  private readonly secretKey: string;
  private readonly signingSecret: string;
  private readonly now: () => number;

  constructor(options: StripeCheckoutOptions) {
    if (!options.webhookSecret) {
      throw new Error(
        'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: set it to the signing secret (whsec_...) of the webhook endpoint in the Stripe dashboard',
      );
    }
    this.secretKey = options.secretKey;
    this.signingSecret = options.webhookSecret;
    this.now = options.now ?? Date.now;
    this.httpClient = options.httpClient;
  }

  /** The SDK client, made on first use (exposed so tests can check its settings). */
  stripe(): Promise<Stripe> {
    // apiVersion is left to the SDK: each stripe-node release pins the version its types describe.
    this.client ??= stripeSdk().then(
      (StripeClient) =>
        new StripeClient(this.secretKey, {
          maxNetworkRetries: MAX_NETWORK_RETRIES,
          timeout: TIMEOUT_MS,
          ...(this.httpClient ? { httpClient: this.httpClient } : {}),
        }),
    );
    return this.client;
  }

  async createSession(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    assertPayable(request);
    const stripe = await this.stripe();
    const metadata = { userId: request.userId, entryId: request.entryId, purpose: request.purpose, ...(request.batchId ? { batchId: request.batchId } : {}) };
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.userId,
          customer_email: request.email,
          metadata,
          payment_intent_data: { metadata },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(this.now() / 1000) + SESSION_LIFETIME_SECONDS,
        },
        { idempotencyKey: sessionIdempotencyKey(request.entryId) },
      );
    } catch (err) {
      throw new ProviderUnavailable('Stripe', this.describe(await stripeSdk(), err));
    }
    if (!session.url) throw new ProviderUnavailable('Stripe', `Checkout Session ${session.id} came back without a url`);
    return { id: session.id, url: session.url };
  }

  webhookSecret(): string {
    return this.signingSecret;
  }

  /**
   * Refunds `amountCents` of a PaymentIntent. The idempotency key is the caller's (one per withdrawal
   * and top-up), so an approval resumed after a lost answer gets the first refund back instead of a
   * second one (Stripe keeps keys for at least 24 hours).
   */
  async refund(request: CardRefundRequest): Promise<{ id: string }> {
    const stripe = await this.stripe();
    try {
      const refund = await stripe.refunds.create(
        { payment_intent: request.paymentIntent, amount: request.amountCents, metadata: request.metadata },
        { idempotencyKey: request.idempotencyKey },
      );
      return { id: refund.id };
    } catch (err) {
      const StripeClient = await stripeSdk();
      const detail = this.describe(StripeClient, err, 'refunds.create');
      if (refusedForGood(StripeClient, err)) throw new RefundRefused('Stripe', err.code ?? redact(err.message, [this.secretKey, this.signingSecret]), detail);
      throw new ProviderUnavailable('Stripe', detail);
    }
  }

  /** What went wrong, for the logs: Stripe's error type, status, code and request id, never a key. */
  private describe(StripeClient: StripeSdk, err: unknown, call = 'checkout.sessions.create'): string {
    if (err instanceof StripeClient.errors.StripeError) {
      const facts = [
        err.statusCode ? `HTTP ${err.statusCode}` : undefined,
        err.code ? `code ${err.code}` : undefined,
        err.requestId ? `request ${err.requestId}` : undefined,
      ].filter(Boolean);
      const where = facts.length ? ` (${facts.join(', ')})` : '';
      return redact(`${call} failed: ${err.type}${where}: ${err.message}`, [this.secretKey, this.signingSecret]);
    }
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return redact(`${call} failed: ${message}`, [this.secretKey, this.signingSecret]);
  }
}

/**
 * A refund Stripe will never make, whatever the retry: its card or request error about the payment
 * (400, 402, 404: `charge_disputed`, `charge_already_refunded`, a payment too old to refund). A
 * network failure, a 5xx, a rate limit (429), a bad key (401, 403) or an idempotency clash (409)
 * can pass once fixed or waited out.
 */
function refusedForGood(StripeClient: StripeSdk, err: unknown): err is Stripe.errors.StripeError {
  return (
    (err instanceof StripeClient.errors.StripeCardError || err instanceof StripeClient.errors.StripeInvalidRequestError) &&
    [400, 402, 404].includes(err.statusCode ?? 0)
  );
}

/** How old a Stripe-Signature timestamp may be, in seconds (Stripe's own default). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;
/**
 * How far in the future a Stripe-Signature timestamp may be, in seconds: as much as it may be old.
 * Stripe signs as it sends, so only clock skew puts a real signature ahead of us; the SDK checks age
 * only, and a signature dated a day ahead would otherwise stay replayable for that whole day.
 */
export const STRIPE_SIGNATURE_FUTURE_SECONDS = 300;

/**
 * The timestamp (t=) of a Stripe-Signature header, in seconds. Stripe sends one; a header with none
 * or several is refused rather than guessed at (which one would the SDK have checked?).
 */
function signatureTimestamp(header: string): number | undefined {
  const stamps = header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('t='))
    .map((part) => part.slice(2));
  return stamps.length === 1 && /^\d{1,12}$/.test(stamps[0]!) ? Number(stamps[0]) : undefined;
}

/**
 * The Stripe event in `rawBody` when `signatureHeader` (Stripe-Signature) is a valid signature of
 * exactly that body by `secret`, made at most 300 s before `nowMs` and at most 300 s after it.
 * Undefined for a missing, malformed, forged, stale or future-dated signature or a tampered body:
 * never rejects for those. Asynchronous because the SDK that checks the signature is loaded on first
 * use (stripeSdk); a header refused before that check does not load it. `rawBody` must be the request body as received, before any JSON parsing.
 * The webhook calls verifyStripeEvent() (providers/registry/payments.ts), which passes the selected
 * card provider's secret.
 */
export async function stripeEventSignedWith(
  secret: string,
  rawBody: string,
  signatureHeader: string | undefined,
  nowMs = Date.now(),
): Promise<Stripe.Event | undefined> {
  if (!signatureHeader || !rawBody) return undefined;
  const signedAt = signatureTimestamp(signatureHeader);
  if (signedAt === undefined || signedAt > Math.floor(nowMs / 1000) + STRIPE_SIGNATURE_FUTURE_SECONDS) return undefined;
  const StripeClient = await stripeSdk();
  try {
    const event = StripeClient.webhooks.constructEvent(rawBody, signatureHeader, secret, STRIPE_SIGNATURE_TOLERANCE_SECONDS, undefined, nowMs);
    return event && typeof event === 'object' && typeof event.type === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the payment handler suites share: payments started through the real routes with the sandbox
 * providers (a checkout is then a record in this file's table, read back here), and the money of
 * an account read from the table: its ledger entries and its balance.
 */
import Stripe from 'stripe';
import { ulid } from 'ulid';
import disputeFixture from '../../../fixtures/stripe/dispute.json';
import chargeFixture from '../../../fixtures/stripe/charge.json';
import { expect } from 'vitest';
import { getLocalCheckout, type LocalCheckout } from '../../../../functions/data/local-checkouts';
import { getUserById } from '../../../../functions/data/users';
import { sandboxWebhookSecret, type SandboxOutcome } from '../../../../functions/providers/payments/sandbox-checkout';
import { stripeSandboxEvent } from '../../../../functions/providers/payments/sandbox-stripe-event';
import type { LedgerEntry, PaymentProvider } from '../../../../domain/api/wallet';
import { findEntryByProviderRef, listUserEntries } from '../../../../functions/wallet/ledger';
import { invoke, type Account } from '../../security/actors';

/** Every ledger entry of `userId`, newest first. */
export const entriesOf = async (userId: string) => (await listUserEntries(userId, { limit: 100 })).items;

/** The balance as stored (a new account has none stored and reads as 0). */
export const balanceOf = async (userId: string) => (await getUserById(userId, { consistent: true }))?.balanceCents;

/**
 * `entry` is the pending top-up a started payment leaves behind: the owner's, for the amount and
 * payment type asked, moving no money yet, and findable from the provider's id for it.
 */
export async function expectPendingTopUp(
  entry: LedgerEntry | undefined,
  owner: Account,
  expected: Pick<LedgerEntry, 'amountCents' | 'creditType' | 'paymentType'> & { provider: PaymentProvider; providerRef: string },
): Promise<void> {
  expect(entry).toEqual({
    id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
    userId: owner.id,
    userName: owner.name,
    userEmail: owner.email,
    type: 'topup',
    status: 'pending',
    orderId: null,
    createdAt: expect.any(String),
    completedAt: null,
    ...expected,
  });
  expect(await findEntryByProviderRef(expected.provider, expected.providerRef)).toEqual({ userId: owner.id, entryId: entry?.id });
}

/** Starts a card top-up of `amount` dollars through the real route and answers the sandbox checkout behind it. */
export async function startCardTopUp(account: Account, amount: number): Promise<LocalCheckout> {
  const res = await invoke('POST /stripe/create-checkout-session', { token: account.token, body: { amount } });
  expect(res.statusCode, res.body).toBe(200);
  const checkout = await getLocalCheckout(String(res.json?.id));
  if (!checkout) throw new Error('the sandbox recorded no checkout');
  return checkout;
}

/** Starts a crypto top-up of `amount` dollars through the real route and answers Hoodpay's payment id. */
export async function startCryptoTopUp(account: Account, amount: number): Promise<string> {
  const res = await invoke('POST /hoodpay/topup', { token: account.token, body: { amount, creditType: 'Crypto' } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json?.data as { hoodpayOrderId: string }).hoodpayOrderId;
}

export type Signed = { payload: string; signatureHeader: string };
export type StripeEventJson = { id: string; type: string; data: { object: Record<string, unknown> & { metadata: Record<string, string> } } };

/** The sandbox's Stripe event for `checkout`, optionally edited, then signed with the webhook secret as Stripe would sign it. */
export function stripeEvent(checkout: LocalCheckout, kind: SandboxOutcome, edit?: (event: StripeEventJson) => void): Signed {
  const original = stripeSandboxEvent(checkout, kind);
  if (!edit) return original;
  const event = JSON.parse(original.payload) as StripeEventJson;
  edit(event);
  const payload = JSON.stringify(event);
  return { payload, signatureHeader: Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() }) };
}

/** A Stripe event of `type` carrying `object` (a dispute, a charge), signed now with the webhook secret as Stripe signs it. */
export function signedStripeEvent(type: string, object: Record<string, unknown>, id = `evt_${ulid()}`): Signed {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return { payload, signatureHeader: Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() }) };
}

/** Stripe's own dispute fixture on `paymentIntent`, for `cents`, in `status`. */
export const stripeDispute = (paymentIntent: string, cents: number, status: string, id = 'dp_test_1') => ({
  ...disputeFixture,
  id,
  payment_intent: paymentIntent,
  amount: cents,
  status,
});

/** Stripe's own charge fixture on `paymentIntent` for `cents`, `refundedCents` of it refunded so far (ours and the dashboard's). */
export const stripeRefundedCharge = (paymentIntent: string, cents: number, refundedCents: number) => ({
  ...chargeFixture,
  id: 'ch_test_1',
  payment_intent: paymentIntent,
  amount: cents,
  amount_captured: cents,
  amount_refunded: refundedCents,
  refunded: refundedCents === cents,
});

/** POST /stripe/webhook with `payload` as the raw body and, unless undefined, that Stripe-Signature. */
export const deliverStripe = (payload: string, signature?: string) =>
  invoke('POST /stripe/webhook', { raw: payload, headers: signature === undefined ? {} : { 'stripe-signature': signature } });
export const deliverSigned = (event: Signed) => deliverStripe(event.payload, event.signatureHeader);

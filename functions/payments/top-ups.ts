/**
 * Payments through a provider, shared by the card (Stripe) and crypto (Hoodpay) top-ups and the
 * card label purchase.
 *
 * Starting: record the pending entry first, then ask the provider (picked here from the method), so
 * every payment a provider ever sees has an entry to settle; if the provider cannot start it, the
 * entry is marked failed and the caller told to retry.
 * Settling: a provider's event completes or fails the pending entry through the wallet, once per
 * event. A label's card payment is a top-up entry tied to the order: it settles together with the
 * label's debit (functions/labels/card-orders.ts).
 */
import { PAYMENT_TYPES, type CreditType } from '../../domain/constants';
import type { LedgerEntry, PaymentProvider } from '../../domain/api/wallet';
import { appOrigin as defaultOrigin } from '../http/app-origin';
import { transact } from '../data/client';
import { eventRecordStep } from '../data/payment-events';
import { getUserById } from '../data/users';
import { Unauthorized } from '../errors';
import { paymentFailed, topUpSettled } from '../observability/metrics';
import { getCardCheckout, getCryptoCheckout } from '../providers/registry/payments';
import type { CheckoutPurpose, CheckoutRequest } from '../providers/payments/payments';
import { attachProviderRef, failPendingEntry, getEntry, newEntry, putPendingEntry } from '../wallet/ledger';
import { completeTopUp, failTopUp, transactWallet } from '../wallet/wallet';
import { walletCredited } from '../webhooks/events';
import { NOTHING, outboxWrite, sendWritten, type OutboxWrite } from '../webhooks/outbox';
import { logger } from '../observability/logger';

/**
 * Where checkout sends the payer back: the wallet page at `origin` (the request's appOrigin), which
 * waits for the webhook's credit.
 */
export const walletReturnUrls = (origin: string = defaultOrigin()) => {
  const wallet = new URL('/user-dashboard/transactions', origin);
  return {
    successUrl: `${wallet}?checkout=success`,
    cancelUrl: `${wallet}?checkout=cancelled`,
  };
};

type Started = { provider: PaymentProvider; ref: string; url: string };

/** Asks Hoodpay for a crypto payment: its id for it and where to send the payer. */
async function startAtHoodpay(request: CheckoutRequest): Promise<Started> {
  const notifyUrl = new URL('/hoodpay/webhook', request.appOrigin ?? defaultOrigin()).toString();
  const payment = await getCryptoCheckout().createPayment({ ...request, notifyUrl });
  return { provider: 'hoodpay', ref: payment.paymentId, url: payment.url };
}

/** Asks the provider of `creditType` for the payment: its id for it and where to send the payer. */
async function startAtProvider(creditType: CreditType, request: CheckoutRequest): Promise<Started> {
  if (creditType === 'Card') {
    const session = await getCardCheckout().createSession(request);
    return { provider: 'stripe', ref: session.id, url: session.url };
  }
  return startAtHoodpay(request);
}

type PaymentInput = Parameters<typeof startPaymentAt>[1];

/** Starts a payment of `amountCents` by `creditType`: a wallet top-up, or the card payment of label order `orderId`. */
export function startPayment(input: PaymentInput): Promise<{ ref: string; url: string; entryId: string }> {
  return startPaymentAt(startAtProvider, input);
}

/**
 * startPayment for a crypto method only. The Hoodpay top-up route calls this one: with no card
 * branch reachable from it, its Lambda's bundle leaves the Stripe SDK out.
 */
export function startCryptoPayment(input: PaymentInput & { creditType: Exclude<CreditType, 'Card'> }): Promise<{ ref: string; url: string; entryId: string }> {
  return startPaymentAt((_creditType, request) => startAtHoodpay(request), input);
}

/** Both starts: the pending entry first, then `startAt` asks the provider (see the header). */
async function startPaymentAt(
  startAt: (creditType: CreditType, request: CheckoutRequest) => Promise<Started>,
  input: {
    userId: string;
    amountCents: number;
    creditType: CreditType;
    purpose?: CheckoutPurpose;
    orderId?: string;
    /** Purpose `batch`: the batch this top-up pays for (it starts when the top-up settles). */
    batchId?: string;
    /** Where checkout sends the payer back; the wallet page unless given. */
    returnUrls?: { successUrl: string; cancelUrl: string };
    description?: string;
    /** The request's appOrigin (functions/http/app-origin.ts); APP_URL's without one. */
    appOrigin?: string;
  },
): Promise<{ ref: string; url: string; entryId: string }> {
  const user = await getUserById(input.userId);
  if (!user) throw new Unauthorized();
  const provider: PaymentProvider = input.creditType === 'Card' ? 'stripe' : 'hoodpay';
  const entry = newEntry(user, {
    amountCents: input.amountCents,
    type: 'topup',
    creditType: input.creditType,
    paymentType: PAYMENT_TYPES[input.creditType],
    provider,
    orderId: input.orderId,
  });
  await putPendingEntry(entry);
  const origin = input.appOrigin ?? defaultOrigin();
  let started;
  try {
    started = await startAt(input.creditType, {
      userId: user.id,
      email: user.email,
      entryId: entry.id,
      purpose: input.purpose ?? 'topup',
      ...(input.batchId ? { batchId: input.batchId } : {}),
      amountCents: entry.amountCents,
      description: input.description ?? 'PrepaidShip wallet top-up',
      appOrigin: origin,
      ...(input.returnUrls ?? walletReturnUrls(origin)),
    });
  } catch (err) {
    // The caller must learn the provider's failure, even if marking the entry fails too: an entry
    // left pending moves no money and no provider payment exists for it to settle.
    await failPendingEntry(user.id, entry.id).catch(() => undefined);
    paymentFailed();
    throw err;
  }
  await attachProviderRef(entry, started.provider, started.ref);
  return { ref: started.ref, url: started.url, entryId: entry.id };
}

/**
 * wallet.credited for the account's listening endpoints, to be written in the transaction that
 * completes the pending top-up `entry` (functions/webhooks/outbox.ts).
 */
export const creditedEvents = (entry: LedgerEntry, now: string, paymentIntent?: string): Promise<OutboxWrite> =>
  outboxWrite(entry.userId, walletCredited({ ...entry, status: 'completed', completedAt: now, ...(paymentIntent ? { paymentIntent } : {}) }), new Date(now));

export type SettleResult = 'applied' | 'duplicate' | 'rejected';

/**
 * Settles a pending top-up from a provider's event, in one transaction: the event's record (so a
 * replayed event, however often and concurrently, is `duplicate`) and the wallet's settlement
 * (pending -> completed, failed or cancelled; completing credits the entry's amount, only if it equals what
 * was paid). `rejected` means the entry does not exist for that user, is no longer pending, or the
 * amount paid differs: nothing changed, and the event is not recorded.
 */
export async function settleTopUp(input: {
  userId: string;
  entryId: string;
  /** `cancelled`: the payer left the checkout or it expired unpaid; `failed`: the payment was refused. Neither moves money. */
  outcome: 'completed' | 'failed' | 'cancelled';
  /** `<provider>#<event id>`: the same key never applies twice. */
  eventKey: string;
  /** Completing: what the provider says was paid, in cents. */
  paidCents?: number;
  /** Completing a card payment: Stripe's PaymentIntent, kept on the entry so a withdrawal can refund it. */
  paymentIntent?: string;
}): Promise<SettleResult> {
  const now = new Date().toISOString();
  const record = eventRecordStep(input.eventKey, { entryId: input.entryId, outcome: input.outcome }, now);
  let creditedCents = 0;
  let events = NOTHING;
  let done: Awaited<ReturnType<typeof transact>>;
  if (input.outcome === 'completed') {
    // Completing credits the entry's own amount, so it is read first and must equal what was paid.
    const entry = await getEntry(input.userId, input.entryId);
    if (!entry || entry.amountCents !== input.paidCents || entry.amountCents <= 0) return 'rejected';
    const paid = await creditedEvents(entry, now, input.paymentIntent);
    events = paid;
    const owner = { id: entry.userId, name: entry.userName, email: entry.userEmail };
    done = await transactWallet(owner, (account) => [record, ...completeTopUp(account, entry, now, input.paymentIntent), ...paid.steps]);
    creditedCents = entry.amountCents;
  } else {
    // Failing or cancelling moves no money: the entry's key is enough, and its pending-only condition refuses a missing entry.
    done = await transact([record, ...failTopUp({ userId: input.userId, id: input.entryId }, now, input.outcome)]);
  }
  if (done.ok) {
    if (creditedCents > 0) topUpSettled(creditedCents);
    else paymentFailed();
    await sendWritten(events, logger);
    return 'applied';
  }
  return done.failed.has('event') ? 'duplicate' : 'rejected';
}

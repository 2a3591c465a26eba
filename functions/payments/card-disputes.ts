/**
 * Money that leaves through the card network after a card payment settled, as Stripe reports it
 * (functions/providers/payments/stripe-card-events.ts): a dispute opened at the card holder's bank
 * holds its amount at once (the balance may go below zero), a dispute won gives it back, a dispute
 * lost debits it for good, and a refund made in Stripe's dashboard debits what it refunded.
 *
 * Each settles in one transaction of the event's record (a replay is `duplicate`), the state kept
 * on the card top-up the payment credited (`ledger.topUp`: a dispute's state moves only forward, a
 * dashboard refund's figure only from the one read) and the wallet's steps, then mails the user.
 * The state on the top-up is what makes each settle once whatever the order: a `closed` arriving
 * first settles the dispute alone, and the late `created` finds it closed and does nothing.
 *
 * A refund made by our own withdrawal flow is counted on the top-up (`refundedCents`, reserved
 * before the refund is asked for), so its `charge.refunded` finds nothing more to debit: only what
 * Stripe says was refunded beyond ours and beyond the dashboard refunds already debited is.
 */
import { ulid } from 'ulid';
import { formatUsd } from '../../domain/money';
import type { LedgerEntry } from '../../domain/api/wallet';
import type { Step } from '../data/client';
import { eventRecordStep } from '../data/payment-events';
import { getUserById } from '../data/users';
import type { Logger } from '../observability/logger';
import { tellUser } from '../providers/registry/mail';
import type { CardMoneyEvent } from '../providers/payments/stripe-card-events';
import { disputeMarkStep, externalRefundStep, findEntryByPaymentIntent, getEntry, type EntryOwner } from '../wallet/ledger';
import { debitCardRefund, debitLostDispute, holdForDispute, loseDispute, releaseDispute, transactWallet, type WalletAccount } from '../wallet/wallet';

/** Tries of a dashboard refund whose top-up changed between the read and the write (a re-read settles it). */
const RACE_TRIES = 3;

/**
 * `applied`: money moved (or a dispute's state did); `duplicate`: this event, or this dispute's
 * state, was settled before; `ignored`: not a payment of ours, or nothing to do.
 */
export type CardMoneyResult = 'applied' | 'duplicate' | 'ignored';

const day = (iso: string) => iso.slice(0, 10);

/** Settles one verified Stripe event about a card payment (see the header); throws only when storage fails, so Stripe retries. */
export async function settleCardMoneyEvent(event: CardMoneyEvent, eventId: string, log: Logger): Promise<CardMoneyResult> {
  for (let attempt = 1; ; attempt++) {
    const ref = await findEntryByPaymentIntent(event.paymentIntent);
    const [topUp, user] = ref ? await Promise.all([getEntry(ref.userId, ref.entryId), getUserById(ref.userId, { consistent: true })]) : [undefined, undefined];
    if (!topUp || !user || topUp.status !== 'completed') {
      log.warn('stripe card event for no payment of ours', { eventId, kind: event.kind, paymentIntent: event.paymentIntent });
      return 'ignored';
    }
    const plan = await planFor(event, topUp, user);
    if (!plan) return 'duplicate';
    const now = new Date().toISOString();
    const record = eventRecordStep(`stripe#${eventId}`, { entryId: topUp.id, outcome: event.kind }, now);
    const done = await transactWallet(user, (account) => [record, ...plan.steps(now, account)], user);
    if (done.ok) {
      log.info('stripe card event settled', { eventId, kind: event.kind, userId: user.id, topUpId: topUp.id });
      if (plan.mail) await tellUser(user.email, plan.mail.subject, [`Hello ${user.name},`, '', ...plan.mail.lines], log);
      return 'applied';
    }
    if (done.failed.has('event')) return 'duplicate';
    // The top-up's dispute or refund figures moved since they were read: read again, which finds
    // this settled (a concurrent delivery) or settles it on the new figures.
    if (!done.failed.has('ledger.topUp') || attempt >= RACE_TRIES)
      throw new Error(`card event ${eventId} could not be settled: ${[...done.failed].join(', ')}`);
  }
}

type Plan = { steps: (now: string, account: WalletAccount) => Step[]; mail?: { subject: string; lines: string[] } };
type Owner = EntryOwner;

/** What `event` does to `topUp`'s wallet, or undefined when there is nothing (left) to do. */
async function planFor(event: CardMoneyEvent, topUp: LedgerEntry, user: Owner): Promise<Plan | undefined> {
  const paid = `your card payment of ${formatUsd(topUp.amountCents)} on ${day(topUp.createdAt)}`;
  if (event.kind === 'charge.refunded') return planDashboardRefund(event.refundedCents, topUp, user, paid);
  // A dispute never holds more than the payment it disputes.
  const cents = Math.min(event.amountCents, topUp.amountCents);
  if (event.kind === 'dispute.opened') {
    if (topUp.disputeStatus) return undefined;
    const entryId = ulid();
    const reason = `Card payment disputed at your bank (dispute ${event.disputeId}): ${formatUsd(cents)} is on hold until the dispute is decided.`;
    return {
      steps: (_now, account) => [
        disputeMarkStep(topUp, { id: event.disputeId, from: undefined, to: 'open', entryId }),
        ...holdForDispute(account, entryId, cents, reason),
      ],
      mail: {
        subject: 'A card payment to your wallet was disputed',
        lines: [
          `Your bank told us that ${paid} (dispute ${event.disputeId}) is disputed.`,
          `${formatUsd(cents)} is on hold in your wallet until the dispute is decided; your available balance may show below zero meanwhile.`,
          'While it is, purchases and withdrawals wait. If you did not mean to dispute this payment, tell your bank and reply to this mail.',
        ],
      },
    };
  }
  const won = event.outcome === 'won';
  if (topUp.disputeStatus === 'open' && topUp.disputeId === event.disputeId && topUp.disputeEntryId) {
    // Closing releases or debits exactly what was held (the amount on the dispute's own entry).
    const held = await getEntry(topUp.userId, topUp.disputeEntryId);
    if (!held || held.status !== 'pending') return undefined;
    const d = { userId: topUp.userId, entryId: held.id, cents: -held.amountCents };
    const reason = won
      ? `Dispute ${event.disputeId} was decided in your favour: ${formatUsd(d.cents)} is back in your balance.`
      : `Dispute ${event.disputeId} was decided against you: ${formatUsd(d.cents)} left your wallet for good.`;
    return {
      steps: (now, account) => [
        disputeMarkStep(topUp, { id: event.disputeId, from: 'open', to: event.outcome }),
        ...(won ? releaseDispute(account, d, reason, now) : loseDispute(account, d, reason, now)),
      ],
      mail: { subject: won ? 'A disputed card payment was decided: the hold is released' : 'A disputed card payment was decided against you', lines: [reason] },
    };
  }
  if (topUp.disputeStatus) return undefined;
  // Closed before we heard it opened: a win moved no money (only its state is kept, so the late
  // `created` does nothing); a loss debits at once.
  if (won) return { steps: () => [disputeMarkStep(topUp, { id: event.disputeId, from: undefined, to: 'won' })] };
  const entryId = ulid();
  const reason = `Dispute ${event.disputeId} of ${paid} was decided against you: ${formatUsd(cents)} left your wallet for good.`;
  return {
    steps: (_now, account) => [
      disputeMarkStep(topUp, { id: event.disputeId, from: undefined, to: 'lost', entryId }),
      ...debitLostDispute(account, entryId, cents, reason),
    ],
    mail: { subject: 'A disputed card payment was decided against you', lines: [reason] },
  };
}

/**
 * A `charge.refunded`: Stripe's figure is everything refunded so far; what our withdrawals refunded
 * (or reserved) and the dashboard refunds already debited are taken off, and only the rest is debited.
 */
function planDashboardRefund(refundedCents: number, topUp: LedgerEntry, user: Owner, paid: string): Plan | undefined {
  const ours = topUp.refundedCents ?? 0;
  const before = topUp.externalRefundedCents ?? 0;
  const after = Math.min(Math.max(refundedCents - ours, 0), topUp.amountCents - ours);
  const cents = after - before;
  if (cents <= 0) return undefined;
  const reason = `${formatUsd(cents)} of ${paid} was refunded to your card by our support team, and leaves your wallet.`;
  const entryId = ulid();
  return {
    steps: (_now, account) => [externalRefundStep(topUp, after), ...debitCardRefund(account, entryId, cents, reason)],
    mail: { subject: 'A card payment to your wallet was refunded', lines: [reason, 'Your bank shows the refund within 5 to 10 business days.'] },
  };
}

/**
 * Postage adjustments: after a label is bought, USPS weighs and measures the parcel, and when it is
 * heavier, bigger or another service than the label paid for, the carrier charges the difference
 * to our account (EasyPost's ShipmentInvoice, sent as a `shipment.invoice.created` or `.updated`
 * event). We pass it on at cost: recorded against its label with the carrier's reason and evidence
 * (declared and measured parcel), debited from the shipper's wallet in the same transaction (even
 * below zero: the money has left us already; purchases then wait for a top-up), once per change of
 * the invoice however often its event arrives, and mailed. An invoice lowered later (a dispute the
 * carrier accepted) gives the difference back the same way.
 */
import { ulid } from 'ulid';
import type { ParcelFacts } from '../../domain/api/adjustments';
import type { Order } from '../../domain/api/orders';
import { formatUsd } from '../../domain/money';
import { offerName } from '../../domain/pricing';
import { retryDueMails } from '../data/mail-tries';
import { findOrderByTracking } from '../data/orders';
import {
  chargedSoFar,
  claimAdjustmentMail,
  dueAdjustmentMails,
  markAdjustmentMailed,
  recordAdjustmentSteps,
  type CarrierInvoice,
  type PostageAdjustment,
} from '../data/postage-adjustments';
import { getUserById } from '../data/users';
import { config } from '../config';
import type { Logger } from '../observability/logger';
import { getMailer } from '../providers/registry/mail';
import { postageAdjustment, transactWallet } from '../wallet/wallet';
import { adjustmentCreated } from '../webhooks/events';
import { outboxWrite, sendWritten } from '../webhooks/outbox';

/** A carrier's invoice event for one label, read from its webhook (functions/tracking/easypost-events.ts). */
export interface InvoiceEvent extends CarrierInvoice {
  trackingNumber: string;
}

export type AdjustmentOutcome = 'applied' | 'replay' | 'unknown_label';

/** Tries of one event against concurrent copies of itself (each loser reads the invoice again). */
const TRIES = 3;

const declaredOf = (order: Order): ParcelFacts => ({ weightLb: order.weightLb, lengthIn: order.lengthIn, widthIn: order.widthIn, heightIn: order.heightIn });

/** A parcel as the mail and the dispute's message state it. */
export const parcelText = (p: ParcelFacts | null): string => (p ? `${p.weightLb} lb, ${p.lengthIn} × ${p.widthIn} × ${p.heightIn} in` : 'not measured');

/** Records the invoice's change since it was last seen and moves the wallet by it. */
export async function applyPostageAdjustment(event: InvoiceEvent, log: Logger, now = new Date()): Promise<AdjustmentOutcome> {
  const order = await findOrderByTracking(event.trackingNumber);
  const user = order ? await getUserById(order.userId) : undefined;
  if (!order || !user) {
    log.warn('postage adjustment for a label we do not know', { carrierRef: event.carrierRef, trackingNumber: event.trackingNumber });
    return 'unknown_label';
  }
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const before = await chargedSoFar(event.carrierRef);
    const cents = event.totalCents - before.chargedCents;
    if (cents === 0) return 'replay';
    const entryId = ulid();
    const { adjustment, steps } = recordAdjustmentSteps(
      {
        userId: user.id,
        shipOrderId: order.id,
        tracking: order.tracking,
        service: order.service ?? offerName(order.labelType),
        amountCents: cents,
        reason: event.reason,
        declared: declaredOf(order),
        measured: event.measured,
        carrierRef: event.carrierRef,
        entryId,
      },
      before,
      event.totalCents,
      now,
    );
    // adjustment.created for the account's listening endpoints, in the same transaction.
    const events = await outboxWrite(order.userId, adjustmentCreated(adjustment), now);
    const done = await transactWallet(user, (account) => [...steps, ...postageAdjustment(account, entryId, order.id, cents, event.reason), ...events.steps]);
    if (done.ok) {
      await sendWritten(events, log);
      log.info('postage adjustment applied', { adjustmentId: adjustment.id, shipOrderId: order.id, amountCents: cents });
      await sendAdjustmentMail(adjustment, log, now);
      return 'applied';
    }
    // Another copy of the event (or a newer one) moved the invoice first: read it again.
    if (!done.failed.has('postage.invoice')) throw new Error(`postage adjustment not recorded: ${[...done.failed].join(', ')}`);
  }
  throw new Error(`postage adjustment ${event.carrierRef}: the invoice kept moving`);
}

function mailOf(a: PostageAdjustment, to: string) {
  const charged = a.amountCents > 0;
  const label = a.tracking ?? a.shipOrderId;
  return {
    to,
    subject: charged
      ? `Postage adjustment of ${formatUsd(a.amountCents)} on label ${label}`
      : `Postage adjustment: ${formatUsd(-a.amountCents)} back for label ${label}`,
    text: [
      charged
        ? `USPS measured your package and the carrier charged ${formatUsd(a.amountCents)} more postage for label ${label} (${a.service ?? 'USPS'}). We passed it on at cost: it was taken from your wallet.`
        : `The carrier lowered its postage adjustment of label ${label} (${a.service ?? 'USPS'}): ${formatUsd(-a.amountCents)} is back in your wallet.`,
      '',
      `Reason: ${a.reason}`,
      `You declared: ${parcelText(a.declared)}`,
      `USPS measured: ${parcelText(a.measured)}`,
      '',
      `If you think it is wrong, dispute it from your Adjustments page: ${config().APP_URL}/user-dashboard/adjustments`,
    ].join('\n'),
  };
}

/** Mails the shipper about the adjustment and marks it mailed; false (logged) when the mail service failed. */
export async function sendAdjustmentMail(a: PostageAdjustment, log: Logger, now = new Date()): Promise<boolean> {
  const user = await getUserById(a.userId);
  try {
    if (user) await getMailer().send(mailOf(a, user.email));
  } catch (err) {
    log.warn('postage adjustment mail not sent; the scheduled work tries again', {
      adjustmentId: a.id,
      error: err instanceof Error ? err.message : String(err),
    });
    return false;
  }
  await markAdjustmentMailed(a, now);
  return true;
}

/** Adjustment mails one scheduled run sends, at most. */
const BATCH = 25;

/** The scheduled job: every adjustment whose mail is due (its first try failed), claimed for one try and sent. */
export async function retryAdjustmentMails(log: Logger, now = new Date()): Promise<Record<'sent' | 'failed' | 'skipped', number>> {
  const counts = await retryDueMails(await dueAdjustmentMails(now, BATCH), claimAdjustmentMail, (a) => sendAdjustmentMail(a, log, now), now);
  if (counts.failed) log.error('postage adjustment mails still not sent', { failed: counts.failed });
  return counts;
}

/**
 * Sending tracking notices. A notice is first stored, once per order and kind
 * (functions/data/notices.ts), then sent at once; one whose mail failed waits in the work queue and
 * the scheduled job retries it until it goes out. The shipper's settings, the recipient's
 * suppression and whether the label is still unused are all judged when the mail is sent, so a
 * setting turned off between the event and a retry is obeyed.
 */
import { notificationSettingsOf, type ShipperNotice } from '../../domain/api/notification-settings';
import type { Order } from '../../domain/api/orders';
import { retryDueMails } from '../data/mail-tries';
import { claimNoticeTry, dueNotices, isSuppressed, markNoticeDone, putNotice, type Notice, type NoticeKind, type NoticeOutcome } from '../data/notices';
import { getOrder } from '../data/orders';
import { getUserById } from '../data/users';
import { appOrigin } from '../http/app-origin';
import type { Logger } from '../observability/logger';
import { getMailer } from '../providers/registry/mail';
import { noticeMail, type NoticeLinks } from './notice-mails';
import { signUnsubscribeToken } from './unsubscribe-tokens';
import { signReturnLabelToken } from '../labels/return-label-links';

/** The setting that governs each shipper notice. */
const SETTING_OF: Partial<Record<NoticeKind, ShipperNotice>> = { shipper_delivered: 'delivered', shipper_exception: 'exception', shipper_unused: 'unused' };

/** Notices one scheduled run retries, at most. */
const BATCH = 25;

/**
 * The notices a shipment's status calls for. Delivered: the shipper's and the recipient's
 * "delivered". Failure and return to sender: the shipper's "exception" (available_for_pickup is no
 * exception: the package is safe at the post office, and one that is never picked up comes back as
 * return_to_sender). Any other status past pre_transit: the recipient's "on its way". Recipient
 * notices only when the order has a recipient email.
 */
export function noticeKindsFor(order: Pick<Order, 'tracking' | 'trackingStatus' | 'toEmail'>): NoticeKind[] {
  const status = order.trackingStatus;
  if (!order.tracking || !status || status === 'pre_transit') return [];
  const recipient = Boolean(order.toEmail);
  if (status === 'delivered') return recipient ? ['shipper_delivered', 'recipient_delivered'] : ['shipper_delivered'];
  if (status === 'failure' || status === 'return_to_sender') return ['shipper_exception'];
  return recipient ? ['recipient_on_its_way'] : [];
}

/** Who gets the notice and with which unsubscribe token, or why it is not sent. */
async function addressee(notice: Notice, order: Order): Promise<{ to: string; token: string } | NoticeOutcome> {
  const setting = SETTING_OF[notice.kind];
  if (setting) {
    const user = await getUserById(notice.userId, { consistent: true });
    if (!user) return 'gone';
    if (!notificationSettingsOf(user.notifications)[setting]) return 'off';
    if (notice.kind === 'shipper_unused' && (order.status !== 'created' || (order.trackingStatus ?? 'pre_transit') !== 'pre_transit')) return 'used';
    return { to: user.email, token: await signUnsubscribeToken({ userId: user.id, kind: setting }) };
  }
  // A return label goes to whoever sends the parcel back, kept apart from the label's own recipient (its shipper).
  const to = notice.kind === 'recipient_return_label' ? order.returnEmail : order.toEmail;
  if (!to) return 'no_email';
  if (await isSuppressed(to)) return 'suppressed';
  if (notice.kind === 'recipient_return_label' && order.status !== 'created') return 'used';
  return { to, token: await signUnsubscribeToken({ recipient: to }) };
}

/**
 * Sends one stored notice, or marks it decided against (setting off, address suppressed, label
 * used); `order` when the caller has it as stored. False (logged) when the mail service failed:
 * the notice stays queued for the scheduled job.
 */
export async function sendNotice(notice: Notice, log: Logger, now = new Date(), order?: Order): Promise<boolean> {
  const current = order ?? (await getOrder(notice.userId, notice.orderId));
  if (!current) {
    await markNoticeDone(notice, 'gone', now);
    return true;
  }
  const target = await addressee(notice, current);
  if (typeof target === 'string') {
    await markNoticeDone(notice, target, now);
    return true;
  }
  try {
    const links: NoticeLinks = { origin: appOrigin(), unsubscribeToken: target.token };
    if (notice.kind === 'recipient_return_label') links.labelToken = await signReturnLabelToken(current);
    await getMailer().send(noticeMail(notice.kind, current, target.to, links));
  } catch (err) {
    log.warn('notice not sent; the scheduled work tries again', {
      orderId: notice.orderId,
      kind: notice.kind,
      error: err instanceof Error ? err.message : String(err),
    });
    return false;
  }
  await markNoticeDone(notice, 'sent', now);
  return true;
}

/** Stores the notice `kind` of `order` once and, when this call stored it, sends it now. */
export async function queueNotice(order: Order, kind: NoticeKind, log: Logger, now = new Date()): Promise<void> {
  const notice = await putNotice(order, kind, now);
  if (notice) await sendNotice(notice, log, now, order);
}

/** The scheduled job: every notice whose mail failed and is due again, claimed for one try and sent. */
export async function retryNotices(log: Logger, now = new Date()): Promise<Record<'sent' | 'failed' | 'skipped', number>> {
  const counts = await retryDueMails(await dueNotices(now, BATCH), claimNoticeTry, (notice) => sendNotice(notice, log, now), now);
  if (counts.failed) log.error('tracking notices still not sent', { failed: counts.failed });
  return counts;
}

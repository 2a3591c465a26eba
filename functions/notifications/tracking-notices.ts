/**
 * The mails a shipment's carrier events call for: the shipper's "delivered" and
 * "exception" notices (by their settings) and the recipient's "on its way" and "delivered" (when the
 * order has a recipient email), each queued at most once per order and kind.
 *
 * The tracking code (functions/tracking/) calls queueTrackingNotices after it applied an event, AND
 * when an event turns out to be a replay of one already applied: queueing is idempotent, so a replay
 * sends nothing twice, and a process that died between applying an event and queueing its notices
 * is healed by the provider's retry (or the next poll).
 */
import type { Order } from '../../domain/api/orders';
import type { Logger } from '../observability/logger';
import { noticeKindsFor, queueNotice } from './notices';

/**
 * Queues (and tries to send) the notices `order`'s current trackingStatus calls for; never throws
 * for a mail failure (that notice waits for the scheduled retry). A DynamoDB failure does throw:
 * the caller's event is then retried by its provider, and queueing again is harmless.
 */
export async function queueTrackingNotices(order: Order, log: Logger): Promise<void> {
  for (const kind of noticeKindsFor(order)) await queueNotice(order, kind, log);
}

/**
 * The words of each tracking notice: short plain text whose subject names the tracking
 * number. The shipper's mails link to our Track Package page, the recipient's to USPS's public
 * tracking page (they have no account with us). Every notice carries RFC 8058's one-click
 * unsubscribe headers and, in the text, a link to the SPA's unsubscribe page with the same token.
 */
import type { Order } from '../../domain/api/orders';
import { autoRefundAt, refundWindowEnd } from '../../domain/ship-date';
import type { ShipmentStatus } from '../../domain/api/tracking';
import type { Mail } from '../providers/mail/mailer';
import { uspsTrackingLink } from '../providers/tracking/usps-network';
import type { NoticeKind } from '../data/notices';

/** The SPA's Track Package page (web/lib/paths.ts `trackingPagePath`), filled in with the number. */
const trackPagePath = (tracking: string) => `/user-dashboard/tracking?number=${encodeURIComponent(tracking)}`;

const STATUS_WORDS: Record<ShipmentStatus, string> = {
  pre_transit: 'label created, not yet scanned',
  in_transit: 'in transit',
  out_for_delivery: 'out for delivery',
  delivered: 'delivered',
  available_for_pickup: 'available for pickup at the post office',
  return_to_sender: 'being returned to the sender',
  failure: 'a delivery failure',
};

/** "Out for Delivery, AUSTIN TX (2026-11-25T09:12:00-06:00)", or nothing without an event. */
function eventLine(order: Order): string[] {
  const e = order.lastEvent;
  if (!e) return [];
  const place = [e.city, e.state].filter(Boolean).join(' ');
  return [`Latest event: ${e.message}${place ? `, ${place}` : ''} (${e.time})`];
}

/** "May 3, 2026" for an ISO time, in UTC (a refund window ends at midnight UTC). */
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export interface NoticeLinks {
  /** Where our pages are (APP_URL; scheduled work has no request to read it from). */
  origin: string;
  /** The signed unsubscribe token for this mail's recipient and kind. */
  unsubscribeToken: string;
  /** A return label's mail: the signed token of its PDF's link (functions/labels/return-label-links.ts). */
  labelToken?: string;
}

/** The mail of notice `kind` for `order`, to `to`. */
export function noticeMail(kind: NoticeKind, order: Order, to: string, { origin, unsubscribeToken, labelToken }: NoticeLinks): Mail {
  const tracking = order.tracking ?? order.id;
  const recipient = kind.startsWith('recipient_');
  const dest = `${order.to.name}, ${order.to.city} ${order.to.state}`;
  const track = recipient ? uspsTrackingLink(tracking) : new URL(trackPagePath(tracking), origin).toString();
  const unsubscribePage = new URL(`/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`, origin).toString();
  const oneClick = new URL(`/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`, origin).toString();
  const status = order.trackingStatus ?? 'pre_transit';

  let subject: string;
  let body: string[];
  let why: string;
  switch (kind) {
    case 'shipper_delivered':
      subject = `Delivered: ${tracking}`;
      body = [`Your package to ${dest} was delivered.`, ...eventLine(order)];
      why = 'You get this mail because delivery notices are on in your PrepaidShip profile.';
      break;
    case 'shipper_exception':
      subject = `Delivery problem: ${tracking}`;
      body = [`Your package to ${dest} has a delivery problem: ${STATUS_WORDS[status]}.`, ...eventLine(order)];
      why = 'You get this mail because exception notices are on in your PrepaidShip profile.';
      break;
    case 'shipper_unused': {
      const auto = autoRefundAt(order.createdAt);
      subject = `Unused label ${tracking}: refunded automatically on ${day(auto)}`;
      body = [
        `Your label to ${dest} (ship date ${order.shipDate}) has no carrier scan yet.`,
        `If you will not ship it, ask for its refund from your shipments; USPS takes refunds until ${day(refundWindowEnd(order.createdAt))}.`,
        `A label still unscanned on ${day(auto)} is refunded automatically.`,
      ];
      why = 'You get this mail because unused-label reminders are on in your PrepaidShip profile.';
      break;
    }
    case 'recipient_on_its_way':
      subject = `Your package is on its way: ${tracking}`;
      body = [`A package from ${order.from.name} to ${order.to.name} is on its way (${STATUS_WORDS[status]}).`, ...eventLine(order)];
      why = `You get this mail because ${order.from.name} gave your address for tracking updates.`;
      break;
    case 'recipient_delivered':
      subject = `Your package was delivered: ${tracking}`;
      body = [`A package from ${order.from.name} to ${order.to.name} was delivered.`, ...eventLine(order)];
      why = `You get this mail because ${order.from.name} gave your address for tracking updates.`;
      break;
    case 'recipient_return_label': {
      // The return's `to` is the shipper who sent the package: the label is prepaid by them.
      const link = new URL(`/shipping/return-label?token=${encodeURIComponent(labelToken ?? '')}`, origin).toString();
      subject = `Your prepaid return label from ${order.to.name}`;
      body = [
        `${order.to.name} sent you a prepaid USPS return label, from ${order.from.name} back to ${order.to.name}, ${order.to.city} ${order.to.state}.`,
        `Print it (PDF, 4x6 inches): ${link}`,
        'Tape it over any old labels on the package and hand it to USPS; the postage is paid.',
      ];
      why = `You get this mail because ${order.to.name} made you a return label.`;
      break;
    }
  }
  return {
    to,
    subject,
    text: [...body, '', `Tracking number: ${tracking}`, `Track it: ${track}`, '', why, `Unsubscribe: ${unsubscribePage}`].join('\n'),
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * SES's bounce and complaint notifications, as its configuration set publishes them to SNS
 * (`eventType`) or an identity's notification topic does (`notificationType`), turned into
 * suppressions (functions/data/suppressions.ts):
 *   - a Permanent bounce (no such mailbox, or SES's own suppression list) suppresses each bounced
 *     recipient: mailing it again can only bounce again;
 *   - a Transient or Undetermined bounce (a full mailbox, a server down) suppresses no one: the next
 *     mail may well arrive, and a sign-in code must not be withheld for a passing fault;
 *   - a complaint suppresses each complaining recipient.
 * Anything else (deliveries, sends, a message we cannot read) is ignored. The Lambda (./handler.ts)
 * and the sandbox mailer (providers/mail/outbox-mailer.ts) both go through `applySesNotification`.
 */
import { suppress, type SuppressionReason } from '../data/suppressions';
import type { Logger } from '../observability/logger';

interface SesNotification {
  eventType?: string;
  notificationType?: string;
  mail?: { messageId?: string };
  bounce?: { bounceType?: string; bounceSubType?: string; feedbackId?: string; bouncedRecipients?: { emailAddress?: string }[] };
  complaint?: { complaintFeedbackType?: string; feedbackId?: string; complainedRecipients?: { emailAddress?: string }[] };
}

/** Who to suppress for one notification, and why. */
export function suppressionsOf(notification: SesNotification): { email: string; reason: SuppressionReason; detail: string; feedbackId: string }[] {
  const type = notification.eventType ?? notification.notificationType;
  const feedbackId = notification.bounce?.feedbackId ?? notification.complaint?.feedbackId ?? notification.mail?.messageId ?? 'unknown';
  const addresses = (list: { emailAddress?: string }[] | undefined) =>
    (list ?? []).map((r) => r.emailAddress).filter((a): a is string => typeof a === 'string' && a.includes('@'));
  if (type === 'Bounce' && notification.bounce?.bounceType === 'Permanent') {
    const detail = notification.bounce.bounceSubType ?? 'General';
    return addresses(notification.bounce.bouncedRecipients).map((email) => ({ email, reason: 'bounce', detail, feedbackId }));
  }
  if (type === 'Complaint') {
    const detail = notification.complaint?.complaintFeedbackType ?? 'unspecified';
    return addresses(notification.complaint?.complainedRecipients).map((email) => ({ email, reason: 'complaint', detail, feedbackId }));
  }
  return [];
}

/** Applies one SNS message body (SES's notification as JSON); returns how many addresses it newly suppressed. */
export async function applySesNotification(message: string, log: Pick<Logger, 'info' | 'warn'>): Promise<number> {
  let notification: SesNotification;
  try {
    notification = JSON.parse(message) as SesNotification;
  } catch {
    log.warn('SES notification is not JSON: ignored');
    return 0;
  }
  let added = 0;
  for (const s of suppressionsOf(notification)) {
    if (await suppress(s)) added++;
    // The address is a person's: only its domain goes to the logs.
    log.info('mail address suppressed', { reason: s.reason, detail: s.detail, domain: s.email.split('@').pop() });
  }
  if (!added && (notification.eventType ?? notification.notificationType) === 'Bounce') {
    log.info('bounce not suppressing', { bounceType: notification.bounce?.bounceType, bounceSubType: notification.bounce?.bounceSubType });
  }
  return added;
}

/**
 * The sandbox mailer: nothing leaves the machine; mails land in the table, shown at /_local/outbox.
 * SES's mailbox simulator is played too: a mail to bounce@simulator.amazonses.com (or
 * bounce+anything@) hard-bounces and one to complaint@... is complained about, by handing the same
 * SNS-shaped notification SES would publish to the same code the feedback Lambda runs.
 */
import { saveOutboxMail } from '../../data/outbox';
import { applySesNotification } from '../../mail-feedback/notification';
import { logger } from '../../observability/logger';
import type { Mail, Mailer } from './mailer';

const SIMULATOR = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;

/** The notification SES publishes for a mail to one of its simulator addresses, or undefined. */
export function simulatedNotification(mail: Mail, messageId: string, now = new Date()): string | undefined {
  const kind = SIMULATOR.exec(mail.to.trim())?.[1]?.toLowerCase();
  if (!kind) return undefined;
  const timestamp = now.toISOString();
  const recipients = [{ emailAddress: mail.to.trim() }];
  const common = { mail: { timestamp, messageId, destination: [mail.to.trim()] } };
  return JSON.stringify(
    kind === 'bounce'
      ? {
          eventType: 'Bounce',
          ...common,
          bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: recipients, timestamp, feedbackId: `${messageId}-bounce` },
        }
      : {
          eventType: 'Complaint',
          ...common,
          complaint: { complainedRecipients: recipients, complaintFeedbackType: 'abuse', timestamp, feedbackId: `${messageId}-complaint` },
        },
  );
}

export function createOutboxMailer(): Mailer {
  return {
    async send(mail) {
      await saveOutboxMail(mail);
      const notification = simulatedNotification(mail, `local-${Date.now()}`);
      if (notification) await applySesNotification(notification, logger.createChild({ persistentKeys: { job: 'mail-feedback' } }));
    },
  };
}

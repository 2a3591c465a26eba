/**
 * Every mailer is wrapped in this: a mail to a suppressed address (a hard bounce or a complaint,
 * functions/data/suppressions.ts) is not sent, only logged and counted. The caller is not told: a
 * sign-in code for such an address answers as for any other, and its sender learns nothing about
 * whose mail bounced.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { getSuppression } from '../../data/suppressions';
import { logger } from '../../observability/logger';
import { metrics } from '../../observability/metrics';
import type { Mailer } from './mailer';

/** The metric of mails not sent to a suppressed address (the dashboard's mail health). */
export const MAILS_SUPPRESSED = 'MailsSuppressed';

export function suppressing(mailer: Mailer): Mailer {
  return {
    async send(mail) {
      const suppression = await getSuppression(mail.to);
      if (suppression) {
        logger.info('mail not sent: address suppressed', { reason: suppression.reason, subject: mail.subject, domain: mail.to.split('@').pop() });
        metrics.addMetric(MAILS_SUPPRESSED, MetricUnit.Count, 1);
        return;
      }
      await mailer.send(mail);
    },
  };
}

/**
 * Chooses the mailer: SES when MAIL_PROVIDER=ses, the outbox in the table otherwise; either one skips
 * suppressed addresses (../mail/suppressing-mailer.ts).
 */
import type { Logger } from '../../observability/logger';
import type { Mailer } from '../mail/mailer';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { createSesMailer } from '../mail/ses-mailer';
import { suppressing } from '../mail/suppressing-mailer';
import { provider } from './cache';

/** The configured mailer. */
export function getMailer(): Mailer {
  return provider('mailer', (c) => suppressing(c.MAIL_PROVIDER === 'ses' ? createSesMailer() : createOutboxMailer()));
}

/**
 * Mails a user about a money step already made (a refund, a withdrawal): a mail that cannot go out is
 * logged and never undoes or fails that step, whose answer stays the step's.
 */
export async function tellUser(to: string, subject: string, lines: string[], log: Pick<Logger, 'warn'>): Promise<void> {
  try {
    await getMailer().send({ to, subject, text: lines.join('\n') });
  } catch (err) {
    log.warn('mail not sent', { subject, error: err instanceof Error ? err.message : String(err) });
  }
}

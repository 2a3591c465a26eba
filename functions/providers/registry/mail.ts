/** Chooses the mailer: SES when MAIL_PROVIDER=ses, the outbox in the table otherwise. */
import type { Mailer } from '../mail/mailer';
import { createOutboxMailer } from '../mail/outbox-mailer';
import { createSesMailer } from '../mail/ses-mailer';
import { provider } from './cache';

/** The configured mailer. */
export function getMailer(): Mailer {
  return provider('mailer', (c) => (c.MAIL_PROVIDER === 'ses' ? createSesMailer() : createOutboxMailer()));
}

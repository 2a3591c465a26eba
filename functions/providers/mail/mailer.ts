/**
 * Outgoing mail (one-time codes, reset links, support requests) behind one interface: SES in AWS,
 * the local outbox in the table otherwise (MAIL_PROVIDER). Handlers call getMailer().send(...) and
 * never know which one runs.
 */
import { config } from '../../config';
import { createOutboxMailer } from './outbox-mailer';
import { createSesMailer } from './ses-mailer';

export interface Mail {
  to: string;
  subject: string;
  /** Plain text only: every mail we send is a short message with a code or a link. */
  text: string;
  replyTo?: string;
}

export interface Mailer {
  /** Sends one mail; rejects when it could not be handed over (the caller answers 5xx). */
  send(mail: Mail): Promise<void>;
}

let mailer: Mailer | undefined;

/** The configured mailer, made on first use and kept for the life of the process. */
export function getMailer(): Mailer {
  mailer ??= config().MAIL_PROVIDER === 'ses' ? createSesMailer() : createOutboxMailer();
  return mailer;
}

/** Forgets the mailer (tests that change MAIL_PROVIDER; call resetConfigForTests too). */
export function resetMailerForTests(): void {
  mailer = undefined;
}

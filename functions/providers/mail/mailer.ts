/**
 * Outgoing mail (one-time codes, reset links, support requests) behind one interface: SES in AWS,
 * the local outbox in the table otherwise (MAIL_PROVIDER). Handlers call getMailer().send(...)
 * (providers/registry/mail.ts chooses) and never know which one runs.
 */
export interface Mail {
  to: string;
  subject: string;
  /** Plain text only: every mail we send is a short message with a code or a link. */
  text: string;
  replyTo?: string;
  /**
   * Extra header fields (`List-Unsubscribe` and `List-Unsubscribe-Post` on every notice,
   * RFC 8058's one-click unsubscribe). Names as written in the mail.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends one mail; rejects when it could not be handed over (the caller answers 5xx). */
  send(mail: Mail): Promise<void>;
}

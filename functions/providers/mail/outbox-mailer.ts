/** The sandbox mailer: nothing leaves the machine; mails land in the table, shown at /_local/outbox. */
import { saveOutboxMail } from '../../data/outbox';
import type { Mailer } from './mailer';

export function createOutboxMailer(): Mailer {
  return { send: saveOutboxMail };
}

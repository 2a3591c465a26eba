/**
 * The mail that takes a support request to SUPPORT_EMAIL, always made from the stored request (so a
 * retry sends exactly what was asked), with the account as reply-to. The request tries it at once;
 * when that fails, the scheduled work tries again, further apart each time, until it goes out.
 */
import { config } from '../config';
import { retryDueMails } from '../data/mail-tries';
import { claimMailTry, dueSupportMails, markMailed, type SupportRequest } from '../data/support-requests';
import type { Logger } from '../observability/logger';
import { getMailer } from '../providers/registry/mail';

/** Requests one scheduled run mails, at most. */
const BATCH = 25;

function mailOf(request: SupportRequest) {
  return {
    to: config().SUPPORT_EMAIL,
    replyTo: request.email,
    subject: `[Support] ${request.subject}`,
    text: [
      `From: ${request.name} <${request.email}> (user ${request.userId}, ${request.role})`,
      `Subject: ${request.subject}`,
      `Request: ${request.id}`,
      ...(request.shipOrderId ? [`Label: ${request.shipOrderId}`] : []),
      ...(request.adjustmentId ? [`Postage adjustment: ${request.adjustmentId}`] : []),
      '',
      request.message,
    ].join('\n'),
  };
}

/** Sends the request's mail and records it sent; false (logged) when the mail service failed. */
export async function sendSupportMail(request: SupportRequest, log: Logger, now = new Date()): Promise<boolean> {
  try {
    await getMailer().send(mailOf(request));
  } catch (err) {
    log.warn('support mail not sent; the scheduled work tries again', { requestId: request.id, error: err instanceof Error ? err.message : String(err) });
    return false;
  }
  await markMailed(request, now);
  return true;
}

/** The scheduled job: every support request whose mail is due, claimed for one try and sent. */
export async function retrySupportMails(log: Logger, now = new Date()): Promise<Record<'sent' | 'failed' | 'skipped', number>> {
  const counts = await retryDueMails(await dueSupportMails(now, BATCH), claimMailTry, (request) => sendSupportMail(request, log, now), now);
  if (counts.failed) log.error('support mails still not sent', { failed: counts.failed });
  return counts;
}

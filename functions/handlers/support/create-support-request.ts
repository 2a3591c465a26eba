/**
 * POST /support: a support request from the signed-in user (SPEC's form, posted to us instead of an
 * outside form service). It is stored, then mailed to SUPPORT_EMAIL with the user as reply-to. The
 * reply address is the account's email, whatever the form says: the form shows it read-only.
 */
import { config } from '../../config';
import { saveSupportRequest } from '../../data/support-requests';
import { getUserById } from '../../data/users';
import { Unauthorized } from '../../errors';
import { api, Reply } from '../../http/handler';
import { getMailer } from '../../providers/registry/mail';

export const handler = api('POST /support', async function createSupportRequest({ auth, body }) {
  const user = await getUserById(auth.userId);
  if (!user) throw new Unauthorized();
  const request = await saveSupportRequest({ userId: user.id, email: user.email, subject: body.subject, message: body.message });
  await getMailer().send({
    to: config().SUPPORT_EMAIL,
    replyTo: user.email,
    subject: `[Support] ${body.subject}`,
    text: [`From: ${user.name} <${user.email}> (user ${user.id}, ${user.role})`, `Subject: ${body.subject}`, `Request: ${request.id}`, '', body.message].join(
      '\n',
    ),
  });
  return new Reply(201, { message: `Thanks! We'll reply to ${user.email} soon.`, id: request.id });
});

/**
 * POST /support: a support request from the signed-in user (SPEC's form, posted to us instead of an
 * outside form service). It is stored once per Idempotency-Key (a retry answers the stored request
 * and stores nothing), then mailed to SUPPORT_EMAIL with the user as reply-to. The reply address is
 * the account's email, whatever the form says: the form shows it read-only. A mail that fails does
 * not fail the request: the request is kept and the scheduled work sends it later.
 */
import { randomUUID } from 'node:crypto';
import { saveSupportRequest } from '../../data/support-requests';
import { getUserById } from '../../data/users';
import { BadRequest, Unauthorized } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { sendSupportMail } from '../../support/support-mail';

const KEY = /^[A-Za-z0-9_-]{1,100}$/;

export const handler = api(route.contactSupport, async function createSupportRequest({ auth, body, headers, log }) {
  const key = headers['idempotency-key'];
  // Optional for callers of the API (each call is then a new request); the SPA always sends one.
  if (key !== undefined && !KEY.test(key)) throw new BadRequest('Idempotency-Key must be 1-100 of A-Z, a-z, 0-9, _ and -');
  const user = await getUserById(auth.userId);
  if (!user) throw new Unauthorized();
  const { request, created } = await saveSupportRequest(
    { userId: user.id, name: user.name, email: user.email, role: user.role, subject: body.subject, message: body.message },
    key ?? randomUUID(),
  );
  if (created) await sendSupportMail(request, log);
  return new Reply(201, { message: `Thanks! We'll reply to ${user.email} soon.`, id: request.id });
});

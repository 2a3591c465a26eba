/** DELETE /auth/sessions: "sign out everywhere else": ends every session of the account but the caller's. */
import { endOtherSessions } from '../../data/sessions';
import { Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.endOtherSessions, async function endOtherSessions_({ auth }) {
  const ended = await endOtherSessions(auth.userId, auth.sessionId);
  if (ended === undefined) throw new Unauthorized();
  return { message: ended === 1 ? 'Signed out of 1 other session.' : `Signed out of ${ended} other sessions.` };
});

/** DELETE /auth/sessions: "sign out everywhere else": ends every session of the account but the caller's. */
import { endSessions } from '../../data/sessions';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.endOtherSessions, async function endOtherSessions({ auth }) {
  const ended = await endSessions(auth.userId, auth.sessionId);
  return { message: ended === 1 ? 'Signed out of 1 other session.' : `Signed out of ${ended} other sessions.` };
});

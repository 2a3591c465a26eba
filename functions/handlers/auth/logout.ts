/** POST /auth/logout: ends the caller's session, so its token answers 401 at once; other sessions go on. */
import { endSession } from '../../data/sessions';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.logout, async function logout({ auth }) {
  await endSession(auth.userId, auth.sessionId);
  return { message: 'You are signed out.' };
});

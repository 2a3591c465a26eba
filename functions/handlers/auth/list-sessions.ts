/** GET /auth/sessions: the account's signed-in sessions, the caller's marked, for the profile's list. */
import { listSessions } from '../../data/sessions';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listSessions, async function listMySessions({ auth }) {
  // A sign-in still at the code step is not signed in: it is ended by "sign out everywhere", not listed.
  const sessions = (await listSessions(auth.userId)).filter((s) => s.scope === 'full');
  return {
    sessions: sessions.map((s) => ({
      id: s.id,
      device: s.device,
      address: s.address,
      createdAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
      current: s.id === auth.sessionId,
    })),
  };
});

/** GET /auth/users: every account for admins, newest first, paged by cursor (one Query per page). */
import { toApiUser } from '../../../domain/api/user-answer';
import { listUsers } from '../../data/users';
import { api } from '../../http/handler';
import { authListUsersRoute } from '../../../domain/api/routes';

export const handler = api(authListUsersRoute, async function listAccounts({ query }) {
  const page = await listUsers(query);
  return { users: page.items.map(toApiUser), nextCursor: page.nextCursor };
});

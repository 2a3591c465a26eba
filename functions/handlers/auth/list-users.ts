/** GET /auth/users: every account for admins, newest first, paged by cursor (one Query per page). */
import { toApiUser } from '../../../domain/api/users';
import { listUsers } from '../../data/users';
import { api } from '../../http/handler';

export const handler = api('GET /auth/users', async function listAccounts({ query }) {
  const page = await listUsers(query);
  return { users: page.items.map(toApiUser), nextCursor: page.nextCursor };
});

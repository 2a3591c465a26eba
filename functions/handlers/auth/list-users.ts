/**
 * GET /auth/users: every account for admins, newest first, paged by cursor (a read of every USERS
 * shard merged by creation time, then the page's profiles in one BatchGet).
 */
import { toApiUser } from '../../../domain/api/user-answer';
import { listUsers } from '../../data/users';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listUsers, async function listAccounts({ query }) {
  const page = await listUsers(query);
  return { users: page.items.map((u) => toApiUser(u)), nextCursor: page.nextCursor };
});

/** GET /account/members: the team's owner and its members, invitations not yet accepted included (owners only). */
import { listMembers, toApiMember } from '../../data/members';
import { getUserById } from '../../data/users';
import { Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listMembers, async function listTeamMembers({ auth }) {
  const [owner, members] = await Promise.all([getUserById(auth.accountId), listMembers(auth.accountId)]);
  if (!owner) throw new Unauthorized();
  return { owner: { id: owner.id, name: owner.name, email: owner.email }, members: members.map(toApiMember) };
});

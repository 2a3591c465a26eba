/**
 * DELETE /account/members/{id}: removes a member or withdraws an invitation (owners only). The
 * member's sessions end in the same transaction (functions/data/members.ts), so their live tokens
 * answer 401 from this moment; they keep their own account, and sign in to it again.
 */
import { removeMember } from '../../data/members';
import { getUserById } from '../../data/users';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { isValid as isUlid } from 'ulid';

const epochOf = async (userId: string) => (await getUserById(userId, { consistent: true }))?.sessionEpoch ?? 0;

export const handler = api(route.removeMember, async function removeTeamMember({ auth, params }) {
  const id = params.id ?? '';
  if (!isUlid(id)) throw new NotFound('No such member');
  const member = await removeMember(auth.accountId, id, epochOf);
  return { message: member.userId ? `${member.name ?? member.email} was removed from the team` : 'The invitation was withdrawn' };
});

/**
 * POST /account/members/accept: the signed-in person joins the team of a mailed invitation. The link
 * is for one email: the person must be signed in as it. Joining needs an own account with nothing in
 * it (no money, no labels, no members) and no other team (docs/decisions/0229-who-may-join-a-team.md).
 */
import { verifyInviteToken } from '../../accounts/invite-tokens';
import { getMember, joinTeam, whyCannotJoin } from '../../data/members';
import { getUserById, normalizeEmail } from '../../data/users';
import { Conflict, Forbidden, NotFound, Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

const GONE = 'This invitation was withdrawn, already used or has expired. Ask the team owner for a new one.';

export const handler = api(route.acceptInvitation, async function acceptTeamInvitation({ auth, body }) {
  const target = await verifyInviteToken(body.token);
  const [member, person] = await Promise.all([
    target ? getMember(target.accountId, target.memberId) : undefined,
    getUserById(auth.userId, { consistent: true }),
  ]);
  if (!person) throw new Unauthorized();
  if (!target || !member || member.joinedAt) throw new NotFound(GONE);
  if (normalizeEmail(person.email) !== member.email) throw new Forbidden('This invitation is for another email: sign in with the email it was sent to.');
  if (member.accountId === person.id) throw new Conflict('This is your own team');
  const why = await whyCannotJoin(person);
  if (why) throw new Conflict(why);
  const owner = await getUserById(member.accountId);
  if (!owner) throw new NotFound(GONE);
  const joined = await joinTeam(member, person);
  return { accountId: joined.accountId, ownerName: owner.name, role: joined.role };
});

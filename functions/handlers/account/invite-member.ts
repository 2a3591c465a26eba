/**
 * POST /account/members: invites an email into the team in a role and mails it a link to join
 * (owners only). The link carries a signed token (functions/accounts/invite-tokens.ts) and opens the
 * members page, where the invitee, signed in as that email, accepts. A mail that cannot be sent
 * withdraws the invitation again and answers 502, so no invitation waits for a link nobody got.
 */
import { INVITE_DAYS, signInviteToken } from '../../accounts/invite-tokens';
import { inviteMember, removeMember, toApiMember } from '../../data/members';
import { getUserById } from '../../data/users';
import { ProviderUnavailable, Unauthorized } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { getMailer } from '../../providers/registry/mail';

/** The page the mailed link opens (web/features/account/members-page.tsx reads its token). */
export const JOIN_PATH = '/user-dashboard/team';

export const handler = api(route.inviteMember, async function inviteTeamMember({ auth, body, appOrigin, log }) {
  const [owner, inviter] = await Promise.all([getUserById(auth.accountId), getUserById(auth.userId)]);
  if (!owner || !inviter) throw new Unauthorized();
  const member = await inviteMember(owner, inviter.email, body.email, body.role);
  const link = new URL(JOIN_PATH, appOrigin);
  link.searchParams.set('invite', await signInviteToken({ accountId: owner.id, memberId: member.id }));
  try {
    await getMailer().send({
      to: member.email,
      subject: `${inviter.name} invited you to their PrepaidShip team`,
      text: [
        'Hello,',
        '',
        `${inviter.name} (${inviter.email}) invited you to join the PrepaidShip team of ${owner.name} as ${body.role === 'viewer' ? 'a viewer' : `${body.role === 'owner' ? 'an' : 'a'} ${body.role}`}.`,
        `Open this link, sign up or sign in with this email, and accept. It works for ${INVITE_DAYS} days:`,
        link.toString(),
        '',
        'If you do not know them, ignore this mail.',
      ].join('\n'),
    });
  } catch (err) {
    await removeMember(owner.id, member.id, () => Promise.resolve(0)).catch((e: unknown) => log.warn('invitation not withdrawn', { error: String(e) }));
    throw new ProviderUnavailable('Mail', String(err));
  }
  return new Reply(201, toApiMember(member));
});

import useSWRMutation from 'swr/mutation';
import { useSWRConfig } from 'swr';
import type { ApiMember, JoinedTeam } from '@domain/api/members';
import type { AcceptInviteBody, InviteMemberBody } from '@domain/schemas/members';
import { apiRequest } from '@/api-client/client';
import { useApiQuery } from '@/api-client/swr-config';

export const membersKey = 'GET /account/members' as const;

/** The team's owner and members (owners only: pass `enabled: false` for anyone else). */
export const useMembers = (enabled: boolean) => useApiQuery(enabled ? membersKey : null);

/** POST /account/members: mails the invitation; 409 for an email already invited or a member. */
export const useInviteMember = () =>
  useSWRMutation(membersKey, (_key, { arg }: { arg: InviteMemberBody }): Promise<ApiMember> => apiRequest('POST /account/members', { body: arg }));

/** DELETE /account/members/{id}: the member's sessions end at once. */
export const useRemoveMember = () =>
  useSWRMutation(membersKey, (_key, { arg: id }: { arg: string }) => apiRequest('DELETE /account/members/{id}', { params: { id } }));

/** POST /account/members/accept, then the profile again: the header and pages now show the team's wallet and role. */
export function useAcceptInvitation() {
  const { mutate } = useSWRConfig();
  return async (body: AcceptInviteBody): Promise<JoinedTeam> => {
    const joined = await apiRequest('POST /account/members/accept', { body });
    await mutate(() => true);
    return joined;
  };
}

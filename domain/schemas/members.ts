/** Team members: the owner's invitation and the invitee's acceptance (POST /account/members, /account/members/accept). */
import * as z from './zod';
import { schema } from './zod';
import { TEAM_ROLES } from '../api/team-roles';
import { email } from './fields';

/** POST /account/members: who to invite and in which role. */
export const inviteMemberSchema = /* @__PURE__ */ schema(() =>
  z.object({
    email: email(),
    role: z.enum(TEAM_ROLES, { error: 'Choose a role: owner, shipper or viewer' }),
  }),
);
export type InviteMemberBody = z.output<typeof inviteMemberSchema>;

/** POST /account/members/accept: the token of the mailed link. */
export const acceptInviteSchema = /* @__PURE__ */ schema(() =>
  z.object({
    token: z
      .string({ error: 'This invitation link is not valid' })
      .check(z.minLength(1, 'This invitation link is not valid'), z.maxLength(2000, 'This invitation link is not valid')),
  }),
);
export type AcceptInviteBody = z.output<typeof acceptInviteSchema>;

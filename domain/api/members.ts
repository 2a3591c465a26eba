/** Team members as GET/POST /account/members answer them (docs/decisions/0227-a-team-is-its-owners-account.md). */
import * as z from 'zod';
import { TEAM_ROLES } from './team-roles';

export const apiMemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(TEAM_ROLES),
    name: z.string().nullable().meta({ description: "The member's name once they joined; null while invited." }),
    userId: z.string().nullable().meta({ description: "The member's own user id once they joined; null while invited." }),
    invitedBy: z.string().meta({ description: "Who invited them: the inviting owner's email." }),
    invitedAt: z.string(),
    joinedAt: z.string().nullable().meta({ description: 'When they accepted the mailed invitation; null while invited.' }),
  })
  .meta({ id: 'Member' });
export type ApiMember = z.infer<typeof apiMemberSchema>;

/** GET /account/members: the team's owner account and its members, invitations included, oldest first. */
export const membersAnswerSchema = z
  .object({
    owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    members: z.array(apiMemberSchema),
  })
  .meta({ id: 'Members' });
export type MembersAnswer = z.infer<typeof membersAnswerSchema>;

/** POST /account/members/accept: the team joined. */
export const joinedTeamSchema = z.object({ accountId: z.string(), ownerName: z.string(), role: z.enum(TEAM_ROLES) }).meta({ id: 'JoinedTeam' });
export type JoinedTeam = z.infer<typeof joinedTeamSchema>;

/**
 * A person's profile as the /auth/profile routes answer it: their own name, email and settings, and
 * the wallet of the account they act on, which for a team member is the team's (with `team`).
 */
import type { ApiUser, User } from '../../domain/api/users';
import { toApiUser } from '../../domain/api/user-answer';
import type { TeamRole } from '../../domain/api/team-roles';
import { getUserById } from '../data/users';

export async function profileAnswer(person: User, auth: { accountId: string; teamRole: TeamRole }): Promise<ApiUser> {
  if (auth.accountId === person.id) return toApiUser(person);
  const account = await getUserById(auth.accountId);
  return account ? toApiUser(person, { account, role: auth.teamRole }) : toApiUser(person);
}

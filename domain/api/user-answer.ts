/**
 * An account as the account routes answer it (./users.ts has the stored shape and the answer's
 * schema). Without zod, apart from the schema, so a Lambda that answers a user (GET /auth/profile
 * and the others) does not bundle the answer schemas and zod with it.
 */
import { centsToDollars } from '../money';
import { notificationSettingsOf } from './notification-settings';
import { labelChoiceOf } from '../label-formats';
import type { ApiUser, User } from './users';
import type { TeamRole } from './team-roles';

const walletOf = (u: User) => ({
  balance: Number(centsToDollars(u.balanceCents + u.heldCents)),
  balanceCents: u.balanceCents + u.heldCents,
  held: Number(centsToDollars(u.heldCents)),
  heldCents: u.heldCents,
  disputed: Number(centsToDollars(u.disputedCents)),
  disputedCents: u.disputedCents,
  available: Number(centsToDollars(u.balanceCents)),
  availableCents: u.balanceCents,
});

const personOf = (u: User) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  isVerified: u.verified,
  notifications: notificationSettingsOf(u.notifications),
  labelFormat: labelChoiceOf(u.labelFormat),
  createdAt: u.createdAt,
});

/**
 * `team`: the account a team member acts for and their role in it; its wallet's figures are then
 * the ones answered (the header badge shows what the member spends from).
 */
export const toApiUser = (u: User, team?: { account: User; role: TeamRole }): ApiUser => ({
  ...personOf(u),
  ...walletOf(team?.account ?? u),
  ...(team ? { team: { accountId: team.account.id, role: team.role, ownerName: team.account.name, ownerEmail: team.account.email } } : {}),
});

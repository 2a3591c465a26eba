/**
 * An account as the account routes answer it (./users.ts has the stored shape and the answer's
 * schema). Without zod, apart from the schema, so a Lambda that answers a user (GET /auth/profile
 * and the others) does not bundle the answer schemas and zod with it.
 */
import { centsToDollars } from '../money';
import { notificationSettingsOf } from './notification-settings';
import { labelChoiceOf } from '../label-formats';
import type { ApiUser, User } from './users';

export const toApiUser = (u: User): ApiUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  isVerified: u.verified,
  balance: Number(centsToDollars(u.balanceCents + u.heldCents)),
  balanceCents: u.balanceCents + u.heldCents,
  held: Number(centsToDollars(u.heldCents)),
  heldCents: u.heldCents,
  disputed: Number(centsToDollars(u.disputedCents)),
  disputedCents: u.disputedCents,
  available: Number(centsToDollars(u.balanceCents)),
  availableCents: u.balanceCents,
  notifications: notificationSettingsOf(u.notifications),
  labelFormat: labelChoiceOf(u.labelFormat),
  createdAt: u.createdAt,
});

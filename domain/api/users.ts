/**
 * Accounts: the stored shape (functions/data/users.ts owns the items) and the answer the account
 * routes give (docs/api.md): no hash, the balance in dollars beside the exact cents.
 */
import { centsToDollars } from '../money';

export type Role = 'admin' | 'user';

/** One account as stored. */
export interface User {
  id: string;
  name: string;
  email: string;
  role: Role;
  passwordHash: string;
  /** The email address was proven by a one-time code at least once. */
  verified: boolean;
  /** Written only by functions/wallet/; 0 until the first credit. */
  balanceCents: number;
  /** Bumped on every write of the profile item (optimistic concurrency). */
  version: number;
  /** Labels this user has bought (created), kept with each label's transaction. */
  labelCount: number;
  createdAt: string;
}

/** An account as the account routes answer it. */
export interface ApiUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  isVerified: boolean;
  balance: number;
  balanceCents: number;
  createdAt: string;
}

export const toApiUser = (u: User): ApiUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  isVerified: u.verified,
  balance: Number(centsToDollars(u.balanceCents)),
  balanceCents: u.balanceCents,
  createdAt: u.createdAt,
});

/** One page of GET /auth/users (admin): newest first. */
export interface UsersPage {
  users: ApiUser[];
  nextCursor: string | null;
}

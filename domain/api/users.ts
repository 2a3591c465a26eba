/**
 * Accounts: the stored shape (functions/data/users.ts owns the items) and the answer the account
 * routes give (docs/api.md): no hash, the balance in dollars beside the exact cents.
 */
import { centsToDollars } from '../money';
import type { ApiEntry } from './wallet';

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
  /** Spendable cents, written only by functions/wallet/; 0 until the first credit. */
  balanceCents: number;
  /**
   * Cents on hold for a withdrawal request (functions/wallet/), not spendable: purchases check
   * `balanceCents` alone. What the wallet owes the user is `balanceCents + heldCents`.
   */
  heldCents: number;
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
  /** The wallet's balance as shown: everything we owe the user, held cents included. */
  balance: number;
  balanceCents: number;
  /** On hold for a withdrawal request: part of the balance, not spendable. */
  held: number;
  heldCents: number;
  /** What purchases can spend: the balance minus holds. */
  available: number;
  availableCents: number;
  createdAt: string;
}

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
  available: Number(centsToDollars(u.balanceCents)),
  availableCents: u.balanceCents,
  createdAt: u.createdAt,
});

/** One page of GET /auth/users (admin): newest first. */
export interface UsersPage {
  users: ApiUser[];
  nextCursor: string | null;
}

/** POST /admin/users/{id}/adjustments: the entry made and the account after it. */
export interface AdjustmentAnswer {
  entry: ApiEntry;
  user: ApiUser;
}

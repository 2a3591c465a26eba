/** Shapes of API answers shared by several features (docs/api.md is the contract). */

/** A user as the account routes answer it; `balance` is dollars, `balanceCents` the exact amount. */
export interface User {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  isVerified: boolean;
  balance: number;
  balanceCents: number;
  createdAt: string;
}

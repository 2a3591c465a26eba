import type { User } from '@/types/api';

/**
 * The answer of sign-up, sign-in and code verification: a session token (scope `otp` from the first
 * two, `full` from verification, docs/api.md) and the account.
 */
export interface SessionAnswer {
  message: string;
  token: string;
  user: User;
}

/** The answer of the calls that only report success. */
export interface MessageAnswer {
  message: string;
}

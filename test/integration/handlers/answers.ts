/** Answers every handler suite expects word for word. */
import { expect } from 'vitest';
import type { Answer } from '../security/actors';

/** Any unexpected error: a plain 500 naming the request, nothing of the cause. */
export const HIDDEN_500 = { message: 'Something went wrong. Please try again.', requestId: 'req-test-1' };
/** No token (or one for an account that is gone). */
export const SIGN_IN = { message: 'Please sign in' };
/** A sign-in token that has not passed the code step, on a `user` route. */
export const CODE_FIRST = { message: 'Enter the code we sent to your email first' };

/**
 * Sends one request of a `user` route without a token and with a sign-in token that has not passed
 * the code step, and expects the refusals word for word: 401, then 403. `send` wraps the call in
 * whatever the suite also proves about it (nothing written, no provider asked).
 */
export async function expectVerifiedUserOnly(send: (token: string | null) => Promise<Answer>, otpToken: string): Promise<void> {
  const anonymous = await send(null);
  const otp = await send(otpToken);

  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json).toEqual(SIGN_IN);
  expect(otp.statusCode).toBe(403);
  expect(otp.json).toEqual(CODE_FIRST);
}

/** Answers every handler suite expects word for word. */

/** Any unexpected error: a plain 500 naming the request, nothing of the cause. */
export const HIDDEN_500 = { message: 'Something went wrong. Please try again.', requestId: 'req-test-1' };
/** No token (or one for an account that is gone). */
export const SIGN_IN = { message: 'Please sign in' };
/** A sign-in token that has not passed the code step, on a `user` route. */
export const CODE_FIRST = { message: 'Enter the code we sent to your email first' };

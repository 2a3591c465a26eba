/**
 * Tokens for tests that sign in without the password and code steps: the product's own signer
 * (functions/http/tokens.ts) after opening a session in the table, as a sign-in would, so the
 * handler factory's session check passes. Give `sessionId` to sign another token for a session
 * that already exists.
 */
import { createSession } from '../functions/data/sessions';
import { getUserById } from '../functions/data/users';
import { signSessionToken as signToken, type SessionClaims } from '../functions/http/tokens';

export type TestClaims = Omit<SessionClaims, 'sessionId'> & { sessionId?: string };

export async function signSessionToken(claims: TestClaims): Promise<string> {
  const epoch = (await getUserById(claims.userId))?.sessionEpoch ?? 0;
  const sessionId =
    claims.sessionId ?? (await createSession({ userId: claims.userId, scope: claims.scope, device: 'Test runner', address: '127.0.0.1', epoch })).id;
  return signToken({ ...claims, sessionId });
}

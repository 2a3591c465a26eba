/**
 * Session tokens: HS256 JWTs signed with JWT_SECRET (jose). A sign-in gives an `otp` token that
 * reaches only the one-time-code routes; a verified code gives a `full` token. The role travels in
 * the signed token, so the browser cannot raise its own role. Each token names its session (`sid`),
 * stored on the server (functions/data/sessions.ts): the handler factory accepts a token only while
 * its session lives, so logging out or changing the password ends a token before its expiry.
 */
import { SignJWT, jwtVerify } from 'jose';
import { config } from '../config';

export type TokenScope = 'otp' | 'full';
import type { Role } from '../../domain/api/users';

export type { Role };

export interface SessionClaims {
  userId: string;
  role: Role;
  scope: TokenScope;
  /** The server-side session this token belongs to. */
  sessionId: string;
}

const AUDIENCE = 'prepaidship-api';
const LIFETIME: Record<TokenScope, string> = { otp: '15m', full: '12h' };

/**
 * The signing key, read from the parsed configuration on each use (encoding 32+ characters costs
 * next to nothing), so a test that changes JWT_SECRET needs only resetConfigForTests().
 */
const secret = () => new TextEncoder().encode(config().JWT_SECRET);

/** Signs a token for `claims`, valid for the scope's lifetime. */
export async function signSessionToken(claims: SessionClaims): Promise<string> {
  return new SignJWT({ role: claims.role, scope: claims.scope, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(config().JWT_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(LIFETIME[claims.scope])
    .sign(secret());
}

/** Verifies signature, algorithm, issuer, audience and expiry; returns undefined for any bad token. */
export async function verifySessionToken(token: string): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret(), {
      algorithms: ['HS256'],
      issuer: config().JWT_ISSUER,
      audience: AUDIENCE,
    });
    const { sub, role, scope, sid } = payload;
    if (typeof sub !== 'string' || typeof sid !== 'string' || (role !== 'admin' && role !== 'user') || (scope !== 'otp' && scope !== 'full')) {
      return undefined;
    }
    return { userId: sub, role, scope, sessionId: sid };
  } catch {
    return undefined;
  }
}

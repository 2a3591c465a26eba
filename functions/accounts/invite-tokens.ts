/**
 * The signed token of a team invitation's mailed link: it names the account and the invitation, so
 * the link cannot be made up for another team. An HS256 JWT under JWT_SECRET (the sessions' key)
 * with its own audience, so a session or unsubscribe token is no invitation and the other way
 * round. It expires after INVITE_DAYS; withdrawing the invitation (its item deleted) stops it sooner.
 */
import { jwtVerify, SignJWT } from 'jose';
import { config } from '../config';

const AUDIENCE = 'prepaidship-team-invite';
export const INVITE_DAYS = 7;
const secret = () => new TextEncoder().encode(config().JWT_SECRET);

export interface InviteTarget {
  accountId: string;
  memberId: string;
}

/** The token of the invitation's link. */
export async function signInviteToken(target: InviteTarget): Promise<string> {
  return new SignJWT({ acc: target.accountId })
    .setSubject(target.memberId)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(config().JWT_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${INVITE_DAYS}d`)
    .sign(secret());
}

/** The invitation a token names; undefined for anything forged, altered, expired or malformed. */
export async function verifyInviteToken(token: string): Promise<InviteTarget | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret(), { algorithms: ['HS256'], issuer: config().JWT_ISSUER, audience: AUDIENCE });
    if (typeof payload.acc === 'string' && payload.acc && typeof payload.sub === 'string' && payload.sub)
      return { accountId: payload.acc, memberId: payload.sub };
    return undefined;
  } catch {
    return undefined;
  }
}

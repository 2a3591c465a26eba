/**
 * The signed token of a notice mail's unsubscribe link: it names who and what, so the
 * link works without signing in and cannot be made up for someone else. A shipper's token names
 * the user and the setting to turn off; a recipient's names the address that wants no more mail.
 *
 * An HS256 JWT under JWT_SECRET (the sessions' key) with its own audience, so a session token is
 * no unsubscribe token and the other way round. It has no expiry: RFC 8058 mail providers may send
 * the one-click POST long after the mail, and what it does (turn mail off) is harmless to repeat.
 */
import { jwtVerify, SignJWT } from 'jose';
import { SHIPPER_NOTICES, type ShipperNotice } from '../../domain/api/notification-settings';
import { config } from '../config';
import { normalizeEmail } from '../data/users';

export type UnsubscribeTarget = { userId: string; kind: ShipperNotice } | { recipient: string };

const AUDIENCE = 'prepaidship-unsubscribe';
const secret = () => new TextEncoder().encode(config().JWT_SECRET);

/** The token for `target`'s unsubscribe link. */
export async function signUnsubscribeToken(target: UnsubscribeTarget): Promise<string> {
  const jwt = 'recipient' in target ? new SignJWT({ rcpt: normalizeEmail(target.recipient) }) : new SignJWT({ kind: target.kind }).setSubject(target.userId);
  return jwt.setProtectedHeader({ alg: 'HS256' }).setIssuer(config().JWT_ISSUER).setAudience(AUDIENCE).setIssuedAt().sign(secret());
}

/** What a token unsubscribes; undefined for anything forged, altered or malformed. */
export async function verifyUnsubscribeToken(token: string): Promise<UnsubscribeTarget | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret(), { algorithms: ['HS256'], issuer: config().JWT_ISSUER, audience: AUDIENCE });
    if (typeof payload.rcpt === 'string' && payload.rcpt.includes('@')) return { recipient: payload.rcpt };
    const kind = SHIPPER_NOTICES.find((k) => k === payload.kind);
    if (typeof payload.sub === 'string' && payload.sub && kind) return { userId: payload.sub, kind };
    return undefined;
  } catch {
    return undefined;
  }
}

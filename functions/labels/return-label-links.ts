/**
 * The signed link of a mailed return label (docs/decisions/0217-return-labels.md): whoever sends the
 * parcel back has no account with us, so the mail carries a token that names the label and lets
 * GET /shipping/return-label serve its PDF without signing in, and only that label's.
 *
 * An HS256 JWT under JWT_SECRET with its own audience (no session, quote or unsubscribe token is one,
 * nor the other way round), naming the shipper and the order. It lasts as long as the label can be
 * refunded; a label refunded before then is no longer served whatever the token says.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { Order } from '../../domain/api/orders';
import { refundWindowEnd } from '../../domain/ship-date';
import { config } from '../config';

const AUDIENCE = 'prepaidship-return-label';
const secret = () => new TextEncoder().encode(config().JWT_SECRET);

/** The token of `order`'s mailed PDF link, valid until its refund window ends. */
export async function signReturnLabelToken(order: Pick<Order, 'userId' | 'id' | 'createdAt'>): Promise<string> {
  return new SignJWT({ oid: order.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(order.userId)
    .setIssuer(config().JWT_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.parse(refundWindowEnd(order.createdAt)) / 1000))
    .sign(secret());
}

/** The label a token names; undefined for anything forged, altered, expired or malformed. */
export async function verifyReturnLabelToken(token: string): Promise<{ userId: string; orderId: string } | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret(), { algorithms: ['HS256'], issuer: config().JWT_ISSUER, audience: AUDIENCE });
    if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.oid !== 'string' || !payload.oid) return undefined;
    return { userId: payload.sub, orderId: payload.oid };
  } catch {
    return undefined;
  }
}

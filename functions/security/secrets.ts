/**
 * One-time secrets: sign-in codes a person types and password-reset tokens sent by link. Only their
 * keyed hashes are stored, so a read of the table reveals no usable code or link.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../domain/constants';
import { config } from '../config';

/** Letters and digits without the look-alikes 0/O and 1/I/L, so a code read off a phone is typed right. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh sign-in code, e.g. `K7QX2M`. */
export const newSignInCode = (): string => Array.from({ length: OTP_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Keyed hash of a code for one user; codes compare case-insensitively. */
export const hashSignInCode = (userId: string, code: string): string =>
  createHmac('sha256', config().JWT_SECRET).update(`otp:${userId}:${code.trim().toUpperCase()}`).digest('hex');

/** A reset token `<userId>.<256 random bits>`: the id says whose, the random part proves it. */
export const newResetToken = (userId: string): string => `${userId}.${randomBytes(32).toString('base64url')}`;

export function parseResetToken(token: string): { userId: string; secret: string } | undefined {
  const m = /^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return m ? { userId: m[1] as string, secret: m[2] as string } : undefined;
}

export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** A recovery code, `ABCDE-23456`: 10 characters of the code alphabet (about 49 bits), each usable once. */
export const newRecoveryCode = (): string => {
  const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/** Keyed hash of a recovery code for one user; the dash, spaces and case do not matter. */
export const hashRecoveryCode = (userId: string, code: string): string =>
  createHmac('sha256', config().JWT_SECRET)
    .update(`recovery:${userId}:${code.replace(/[\s-]/g, '').toUpperCase()}`)
    .digest('hex');

/** A remembered device's token `<device id>.<256 random bits>`: the id finds the stored hash, the random part proves it. */
export const newDeviceToken = (deviceId: string): string => `${deviceId}.${randomBytes(32).toString('base64url')}`;

export function parseDeviceToken(token: string): { deviceId: string } | undefined {
  const m = /^([0-9A-HJKMNP-TV-Z]{26})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return m ? { deviceId: m[1] as string } : undefined;
}

export const hashDeviceToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Authenticator-app codes (TOTP, RFC 6238) with otpauth: SHA-1, 6 digits, 30-second steps, the
 * settings every authenticator app reads from an otpauth:// URI. A code is accepted for its own step
 * and one step either side (a phone clock a little off, a code typed as it turned); which step it
 * matched is returned so the caller can make each step's code work once.
 */
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'PrepaidShip';
const PERIOD = 30;

const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** A new secret (160 bits, RFC 4226's recommendation) and its otpauth:// URI for the account's email. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpFor(secret, email).toString() };
}

/** The step a right code belongs to (now's, or one either side), or undefined for a wrong code. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code.trim(), timestamp: now, window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

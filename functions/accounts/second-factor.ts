/**
 * What the second step of signing in shares across its methods (docs/decisions/0199-second-factors-and-remembered-devices.md):
 * which methods an account has, remembered devices, recovery codes, and the answer that ends the
 * step. Free of the TOTP and WebAuthn libraries (./totp.ts, ./passkey-ceremonies.ts), so login and
 * the mailed-code routes bundle neither.
 */
import { listPasskeys } from '../data/passkeys';
import { recoveryCodesLeft, storeFirstRecoveryCodes, storeRecoveryCodes } from '../data/recovery-codes';
import { liveDeviceHash, storeDevice } from '../data/remembered-devices';
import { getTotpSecret } from '../data/totp-secrets';
import { Unauthorized } from '../errors';
import type { SessionAnswer } from '../../domain/api/auth';
import type { User } from '../../domain/api/users';
import { ulid } from 'ulid';
import { hashDeviceToken, hashRecoveryCode, newDeviceToken, newRecoveryCode, parseDeviceToken, sameDigest } from '../security/secrets';
import { factorCounters, giveBackTries, keepTries, takeTries, tooManyCodes } from './limits';
import { sessionAnswer, type ClientInfo } from './sign-in';

export type Factor = 'totp' | 'passkey' | 'recovery' | 'email';

export const RECOVERY_CODE_COUNT = 10;

/** The second steps the account may take; `email` always (send-otp mails a code on request). */
export async function factorsOf(userId: string): Promise<Factor[]> {
  const [totp, passkeys, recovery] = await Promise.all([getTotpSecret(userId), listPasskeys(userId), recoveryCodesLeft(userId)]);
  const strong: Factor[] = [...(totp?.confirmed ? (['totp'] as const) : []), ...(passkeys.length > 0 ? (['passkey'] as const) : [])];
  return [...strong, ...(strong.length > 0 && recovery > 0 ? (['recovery'] as const) : []), 'email'];
}

/** True when `token` is a live remembered device of this account. */
export async function deviceTokenWorks(userId: string, token: string | undefined): Promise<boolean> {
  const parsed = token ? parseDeviceToken(token) : undefined;
  if (!token || !parsed) return false;
  const stored = await liveDeviceHash(userId, parsed.deviceId);
  return stored !== undefined && sameDigest(stored, hashDeviceToken(token));
}

/** A browser's label in the devices list: its User-Agent, shortened (it only helps the owner tell devices apart). */
const deviceLabel = (userAgent: string | undefined): string => (userAgent?.trim() || 'Unknown browser').slice(0, 160);

/**
 * The end of a passed second step: the full-access answer and, when asked, a remembered device's
 * token for this browser.
 */
export async function passedSecondStep(user: User, message: string, remember: ClientInfo & { rememberDevice?: boolean | undefined }): Promise<SessionAnswer> {
  const { rememberDevice, ...client } = remember;
  // The sign-in's own session goes on with full access: one session from password to logout.
  const answer = await sessionAnswer(user, 'full', message, client);
  if (!rememberDevice) return answer;
  const deviceId = ulid();
  const deviceToken = newDeviceToken(deviceId);
  await storeDevice(user.id, deviceId, hashDeviceToken(deviceToken), deviceLabel(remember.userAgent));
  return { ...answer, deviceToken };
}

/**
 * Runs one second-factor check under the account's and address's counts of wrong answers: refused
 * with 429 while either is past its free tries; a failed check counts one and answers 401.
 */
export async function checkedFactor(userId: string, sourceIp: string | undefined, check: () => Promise<boolean>, wrong: string): Promise<void> {
  // Taken before the check, so guesses sent together meet the limits too; a right answer gives them back.
  const tries = await takeTries(factorCounters(userId, sourceIp), tooManyCodes);
  if (await check()) return giveBackTries(tries);
  await keepTries(tries);
  throw new Unauthorized(wrong);
}

const newCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** Ten new recovery codes, replacing the account's earlier ones; the codes themselves are never stored. */
export async function replaceRecoveryCodes(userId: string): Promise<string[]> {
  const codes = newCodes();
  await storeRecoveryCodes(
    userId,
    codes.map((code) => hashRecoveryCode(userId, code)),
  );
  return codes;
}

/** Ten recovery codes for an account that has none left (its first factor): undefined when it still has some. */
export async function firstRecoveryCodes(userId: string): Promise<string[] | undefined> {
  const codes = newCodes();
  const stored = await storeFirstRecoveryCodes(
    userId,
    codes.map((code) => hashRecoveryCode(userId, code)),
  );
  return stored ? codes : undefined;
}

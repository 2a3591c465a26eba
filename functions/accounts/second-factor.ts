/**
 * What the second step of signing in shares across its methods (docs/decisions/0200-second-factors-and-remembered-devices.md):
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
import { countHit, factorCounters, refuseWhileLimited, tooManyCodes } from './limits';
import { sessionAnswer } from './sign-in';

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
export async function passedSecondStep(
  user: User,
  message: string,
  remember: { rememberDevice?: boolean | undefined; userAgent?: string | undefined },
): Promise<SessionAnswer> {
  const answer = await sessionAnswer(user, 'full', message);
  if (!remember.rememberDevice) return answer;
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
  const counters = factorCounters(userId, sourceIp);
  await refuseWhileLimited(counters, tooManyCodes);
  if (await check()) return;
  await countHit(counters);
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

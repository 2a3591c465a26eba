import type { SessionAnswer } from '@domain/api/auth';
import type { VerifyRecoveryCodeBody, VerifyTotpBody } from '@domain/schemas/auth';
import { apiRequest } from '@/api-client/client';
import { rememberDeviceToken } from '@/lib/remembered-device';
import { markSessionVerified, toSessionUser, updateSessionUser } from '@/lib/session';

/** Ends the second step: the full token replaces the sign-in one; a remembered device keeps its token. */
function passed(answer: SessionAnswer): SessionAnswer {
  rememberDeviceToken(answer.deviceToken);
  markSessionVerified(answer.token);
  updateSessionUser(toSessionUser(answer.user));
  return answer;
}

/** POST /auth/verify-totp */
export const verifyTotp = async (body: VerifyTotpBody) => passed(await apiRequest('POST /auth/verify-totp', { body }));

/** POST /auth/verify-recovery-code */
export const verifyRecoveryCode = async (body: VerifyRecoveryCodeBody) => passed(await apiRequest('POST /auth/verify-recovery-code', { body }));

/**
 * The passkey sign-in: the server's options, the browser's passkey prompt, the server's check. The
 * WebAuthn helper is loaded only here, so no page pays for it until someone uses a passkey.
 */
export async function verifyPasskey(email: string, rememberDevice: boolean): Promise<SessionAnswer> {
  const [{ startAuthentication }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest('POST /auth/passkey/options', { body: { email } }),
  ]);
  const response = await startAuthentication({ optionsJSON: options as never });
  return passed(await apiRequest('POST /auth/passkey/verify', { body: { email, response: response as never, rememberDevice } }));
}

/** POST /auth/send-otp: "mail me a code instead". */
export const mailCode = (email: string) => apiRequest('POST /auth/send-otp', { body: { email } });

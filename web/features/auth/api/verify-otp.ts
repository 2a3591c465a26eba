import useSWRMutation from 'swr/mutation';
import type { VerifyOtpBody } from '@domain/schemas/auth';
import { apiRequest } from '@/api-client/client';
import { rememberDeviceToken } from '@/lib/remembered-device';
import { markSessionVerified, toSessionUser, updateSessionUser } from '@/lib/session';
import type { SessionAnswer } from '@domain/api/auth';

/** POST /auth/verify-otp */
export function verifyOtp(body: VerifyOtpBody): Promise<SessionAnswer> {
  return apiRequest('POST /auth/verify-otp', { body });
}

/** Checks the code; the answer's full-scope token replaces the code-step one. */
export function useVerifyOtp() {
  return useSWRMutation('POST /auth/verify-otp', (_key, { arg }: { arg: VerifyOtpBody }) => verifyOtp(arg), {
    onSuccess: ({ token, user, deviceToken }) => {
      rememberDeviceToken(deviceToken);
      markSessionVerified(token);
      updateSessionUser(toSessionUser(user));
    },
  });
}

import useSWRMutation from 'swr/mutation';
import type { EmailOnlyBody } from '@domain/schemas/auth';
import { apiRequest } from '@/api-client/client';
import type { MessageAnswer } from '@domain/api/auth';

/** POST /auth/resend-otp: mails a new code (the server refuses within 30 s of the last one). */
export function resendOtp(body: EmailOnlyBody): Promise<MessageAnswer> {
  return apiRequest('POST /auth/resend-otp', { body });
}

export function useResendOtp() {
  return useSWRMutation('POST /auth/resend-otp', (_key, { arg }: { arg: EmailOnlyBody }) => resendOtp(arg));
}

/** POST /auth/resend-otp: Mails a fresh one-time code, rate-limited (issue 3). */
import { notYetImplemented } from '../../http/handler';
import { emailOnlySchema } from '../../../domain/schemas/auth';

export const handler = notYetImplemented('POST /auth/resend-otp', emailOnlySchema);

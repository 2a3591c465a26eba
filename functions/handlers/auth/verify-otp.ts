/** POST /auth/verify-otp: Second step of sign-in: checks the code, answers the full-access token (issue 3). */
import { notYetImplemented } from '../../http/handler';
import { verifyOtpSchema } from '../../../domain/schemas/auth';

export const handler = notYetImplemented('POST /auth/verify-otp', verifyOtpSchema);

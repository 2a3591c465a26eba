/** POST /auth/send-otp: Mails a one-time sign-in code (issue 3). */
import { notYetImplemented } from '../../http/handler';
import { emailOnlySchema } from '../../../domain/schemas/auth';

export const handler = notYetImplemented('POST /auth/send-otp', emailOnlySchema);

/** POST /auth/forgot-password: Mails a single-use password reset link (issue 3). */
import { notYetImplemented } from '../../http/handler';
import { emailOnlySchema } from '../../../domain/schemas/auth';

export const handler = notYetImplemented('POST /auth/forgot-password', emailOnlySchema);

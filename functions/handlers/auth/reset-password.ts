/** POST /auth/reset-password: Sets a new password from a reset link (issue 3). */
import { notYetImplemented } from '../../http/handler';
import { resetPasswordSchema } from '../../../domain/schemas/auth';

export const handler = notYetImplemented('POST /auth/reset-password', resetPasswordSchema);

/** POST /auth/register: Creates an account (issue 3). */
import { notYetImplemented } from '../../http/handler';
import { registerSchema } from '../../../domain/schemas/auth';

export const handler = notYetImplemented('POST /auth/register', registerSchema);

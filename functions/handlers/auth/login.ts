/** POST /auth/login: First step of sign-in: password check, then a one-time code by mail (issue 3). */
import { notYetImplemented } from '../../http/handler';
import { loginSchema } from '../../../domain/schemas/auth';

export const handler = notYetImplemented('POST /auth/login', loginSchema);

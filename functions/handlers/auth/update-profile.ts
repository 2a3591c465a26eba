/** PUT /auth/profile: Changes name and, optionally, password (issue 3). */
import { notYetImplemented } from '../../http/handler';
import { updateProfileSchema } from '../../../domain/schemas/auth';

export const handler = notYetImplemented('PUT /auth/profile', updateProfileSchema);

/** GET /auth/users: All users for admins, paged (issue 3). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('GET /auth/users');

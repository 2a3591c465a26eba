/** GET /auth/profile: The signed-in user with balance (issue 3). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('GET /auth/profile');

/** GET /auth/get-profile-picture: A generated avatar for the signed-in user (issue 3). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('GET /auth/get-profile-picture');

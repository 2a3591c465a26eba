/** GET /auth/addresses: The user's saved addresses (issue 6). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('GET /auth/addresses');

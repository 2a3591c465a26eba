/** DELETE /auth/addresses/{id}: Deletes one of the user's saved addresses (issue 6). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('DELETE /auth/addresses/{id}');

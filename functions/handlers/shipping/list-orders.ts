/** GET /shipping/orders: The user's orders, newest first, paged (issue 5). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('GET /shipping/orders');

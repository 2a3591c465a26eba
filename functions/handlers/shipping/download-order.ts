/** GET /shipping/download-order/{shipOrderId}: The label PDF of one of the user's orders (issue 5). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('GET /shipping/download-order/{shipOrderId}');

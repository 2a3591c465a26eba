/** POST /shipping/create-label: Buys a label with credits or starts a card checkout (issue 5). */
import { notYetImplemented } from '../../http/handler';
import { labelOrderSchema } from '../../../domain/schemas/labels';

export const handler = notYetImplemented('POST /shipping/create-label', labelOrderSchema);

/** POST /shipping/track: Tracking events for a USPS number (issue 6). */
import { notYetImplemented } from '../../http/handler';
import { trackSchema } from '../../../domain/schemas/tracking';

export const handler = notYetImplemented('POST /shipping/track', trackSchema);

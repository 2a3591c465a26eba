/** POST /stripe/webhook: Stripe events: verifies the signature over the raw body, credits once (issue 4). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('POST /stripe/webhook');

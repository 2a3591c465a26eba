/** POST /stripe/create-checkout-session: Starts a Stripe Checkout for a card top-up or label purchase (issues 4 and 5). */
import { notYetImplemented } from '../../http/handler';
import { checkoutSessionSchema } from '../../../domain/schemas/payments';

export const handler = notYetImplemented('POST /stripe/create-checkout-session', checkoutSessionSchema);

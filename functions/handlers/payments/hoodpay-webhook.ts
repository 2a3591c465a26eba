/** POST /hoodpay/webhook: Hoodpay events: re-reads the payment, credits once (issue 4). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('POST /hoodpay/webhook');

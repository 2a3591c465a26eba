/** POST /hoodpay/topup: Starts a crypto top-up with Hoodpay (issue 4). */
import { notYetImplemented } from '../../http/handler';
import { topupSchema } from '../../../domain/schemas/payments';

export const handler = notYetImplemented('POST /hoodpay/topup', topupSchema);

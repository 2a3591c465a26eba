/** GET /hoodpay/transactions: The user's ledger entries; all top-ups for admins (issue 4). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('GET /hoodpay/transactions');

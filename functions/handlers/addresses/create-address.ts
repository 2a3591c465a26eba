/** POST /auth/addresses: Saves an address, refusing duplicates (issue 6). */
import { notYetImplemented } from '../../http/handler';
import { addressSchema } from '../../../domain/schemas/addresses';

export const handler = notYetImplemented('POST /auth/addresses', addressSchema);

/** DELETE /auth/addresses/{id}: deletes one of the user's addresses; another user's id is a 404. */
import { isValid as isUlid } from 'ulid';
import { deleteAddress } from '../../data/addresses';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.deleteAddress, async function deleteSavedAddress({ auth, params }) {
  // Address ids are ulids; anything else (a 2 kB id would overflow DynamoDB's key limit) names nothing.
  if (!isUlid(params.id ?? '')) throw new NotFound('Address not found');
  await deleteAddress(auth.accountId, params.id ?? '');
  return { message: 'Address deleted' };
});

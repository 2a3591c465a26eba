/** DELETE /auth/packages/{id}: deletes one of the user's packages; another user's id is a 404. */
import { isValid as isUlid } from 'ulid';
import { deletePackage, NO_PACKAGE } from '../../data/packages';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.deletePackage, async function deleteSavedPackage({ auth, params }) {
  // Package ids are ulids; anything else names nothing (and could overflow DynamoDB's key limit).
  if (!isUlid(params.id ?? '')) throw new NotFound(NO_PACKAGE);
  await deletePackage(auth.accountId, params.id ?? '');
  return { message: 'Package deleted' };
});

/** DELETE /auth/packages/{id}/default: the package stops being the default; another user's id is a 404. */
import { isValid as isUlid } from 'ulid';
import { clearDefaultPackage, NO_PACKAGE } from '../../data/packages';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.clearDefaultPackage, async function clearDefault({ auth, params }) {
  // Package ids are ulids; anything else names nothing (and could overflow DynamoDB's key limit).
  if (!isUlid(params.id ?? '')) throw new NotFound(NO_PACKAGE);
  return clearDefaultPackage(auth.accountId, params.id ?? '');
});

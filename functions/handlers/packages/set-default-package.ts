/** PUT /auth/packages/{id}/default: makes one of the user's packages the default; another user's id is a 404. */
import { isValid as isUlid } from 'ulid';
import { NO_PACKAGE, setDefaultPackage } from '../../data/packages';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.setDefaultPackage, async function setDefault({ auth, params }) {
  // Package ids are ulids; anything else names nothing (and could overflow DynamoDB's key limit).
  if (!isUlid(params.id ?? '')) throw new NotFound(NO_PACKAGE);
  return setDefaultPackage(auth.accountId, params.id ?? '');
});

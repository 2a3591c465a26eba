/**
 * POST /auth/packages: saves a package. A name already saved (trimmed, case ignored) answers 409,
 * enforced by the table, so two concurrent saves keep one; so does a 51st package.
 */
import { savePackage } from '../../data/packages';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.createPackage, async function createPackage({ auth, body }) {
  return new Reply(201, await savePackage(auth.accountId, body));
});

/** GET /auth/packages: the user's saved packages, newest first, the default marked (the label dialog's select). */
import { listPackages } from '../../data/packages';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listPackages, async function listSavedPackages({ auth }) {
  return listPackages(auth.accountId);
});

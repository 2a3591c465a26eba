/** GET /shipping/scan-forms: the caller's SCAN forms, newest first. */
import { listScanForms } from '../../data/scan-forms';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { toApiScanForm } from '../../shipping-day/scan-forms';

export const handler = api(route.listScanForms, async function listCallerScanForms({ auth, query }) {
  const found = await listScanForms(auth.accountId, query);
  return { scanForms: found.items.map(toApiScanForm), nextCursor: found.nextCursor };
});

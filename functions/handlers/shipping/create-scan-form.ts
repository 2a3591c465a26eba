/** POST /shipping/scan-forms: one SCAN form for the caller's labels of a day and origin, or the labels named (functions/shipping-day/scan-forms.ts). */
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { makeScanForm, toApiScanForm } from '../../shipping-day/scan-forms';

export const handler = api(route.createScanForm, async function createScanForm({ auth, body }) {
  return new Reply(201, toApiScanForm(await makeScanForm(auth.accountId, body)));
});

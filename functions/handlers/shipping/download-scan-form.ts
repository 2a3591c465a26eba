/**
 * GET /shipping/scan-forms/{id}/pdf: the form's PDF as the carrier made it. The form is read under
 * the caller's own key, so another user's form is a 404 like an unknown one.
 */
import { isValid as isUlid } from 'ulid';
import { getScanForm } from '../../data/scan-forms';
import { NotFound } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { getLabelStore } from '../../providers/registry/blobs';

export const handler = api(route.downloadScanForm, async function downloadScanForm({ auth, params }) {
  const id = params.id ?? '';
  const form = isUlid(id) ? await getScanForm(auth.accountId, id) : undefined;
  if (!form?.pdfKey) throw new NotFound('SCAN form not found');
  const pdf = await getLabelStore().get(form.pdfKey);
  if (!pdf) throw new Error(`scan form ${form.pdfKey} missing from the store`);
  return Reply.binary(pdf, 'application/pdf', { 'content-disposition': `attachment; filename="scan-form-${form.shipDate}-${form.id}.pdf"` });
});

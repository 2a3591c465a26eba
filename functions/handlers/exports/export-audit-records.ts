/** GET /exports/audit.csv (admins only): the audit log with GET /admin/audit's filters, as a CSV file, oldest first. */
import { CSV_CONTENT_TYPE } from '../../exports/csv';
import { rangeName } from '../../exports/date-range';
import { auditCsv } from '../../exports/exports';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.exportAuditRecords, async function exportAuditRecords({ query }) {
  const csv = await auditCsv(query);
  return Reply.binary(Buffer.from(csv, 'utf8'), CSV_CONTENT_TYPE, {
    'content-disposition': `attachment; filename="prepaidship-audit-${rangeName(query)}.csv"`,
  });
});

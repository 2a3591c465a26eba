/** GET /admin/audit: the audit log, newest first, filtered by admin, account, action and days (functions/data/audit.ts). */
import { toApiAuditRecord } from '../../../domain/api/oversight-answer';
import { findAuditRecords } from '../../data/audit';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listAuditRecords, async function listAuditRecords({ query }) {
  const { cursor, limit, ...filters } = query;
  const page = await findAuditRecords(filters, { limit, cursor });
  return { records: page.items.map(toApiAuditRecord), nextCursor: page.nextCursor };
});

/**
 * GET /exports/orders.csv: the caller's shipments as a CSV file, optionally within
 * `from`/`to` (Eastern days, inclusive). Read only; the CSV rules are functions/exports/csv.ts'.
 */
import { CSV_CONTENT_TYPE } from '../../exports/csv';
import { rangeName } from '../../exports/date-range';
import { ordersCsv } from '../../exports/exports';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.exportOrders, async function exportOrders({ auth, query }) {
  const csv = await ordersCsv(auth.accountId, query);
  return Reply.binary(Buffer.from(csv, 'utf8'), CSV_CONTENT_TYPE, {
    'content-disposition': `attachment; filename="prepaidship-orders-${rangeName(query)}.csv"`,
  });
});

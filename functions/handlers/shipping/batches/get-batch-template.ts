/**
 * GET /shipping/batches/template.csv: the batch CSV's header row (every column, in order) and one
 * example row, written by the shared CSV writer (UTF-8 with a BOM, so Excel opens it right).
 */
import { batchTemplateCsv } from '../../../batches/template';
import { CSV_CONTENT_TYPE } from '../../../exports/csv';
import { api, Reply } from '../../../http/handler';
import * as route from '../../../../domain/api/route-table';

export const handler = api(route.getBatchTemplate, function getBatchTemplate() {
  return Promise.resolve(
    Reply.binary(Buffer.from(batchTemplateCsv(), 'utf8'), CSV_CONTENT_TYPE, {
      'content-disposition': 'attachment; filename="prepaidship-batch-template.csv"',
    }),
  );
});

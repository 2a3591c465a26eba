import type { ApiBatch } from '@domain/api/batches';
import { apiRequest } from '@/api-client/client';

export interface UploadBatchInput {
  /** The CSV file (or its text), sent as it is (`text/csv`): the server checks its encoding, columns and rows. */
  csv: string | Blob;
  /** A saved address of the caller that fills every blank sender cell. */
  fromAddressId?: string;
}

/** POST /shipping/batches: stores the CSV's rows as a draft batch, each validated and priced. */
export function uploadBatch({ csv, fromAddressId }: UploadBatchInput): Promise<ApiBatch> {
  return apiRequest('POST /shipping/batches', { csv, query: { fromAddressId } });
}

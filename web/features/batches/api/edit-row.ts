import { useSWRConfig } from 'swr';
import type { ApiBatch } from '@domain/api/batches';
import type { BatchRowFields } from '@domain/schemas/batches';
import { apiRequest } from '@/api-client/client';
import { batchKey } from './get-batch';

/** PUT /shipping/batches/{batchId}/rows/{row}: the row's cells fixed in place, validated and priced again. */
export function fixRow(batchId: string, row: number, fields: BatchRowFields): Promise<ApiBatch> {
  return apiRequest('PUT /shipping/batches/{batchId}/rows/{row}', { params: { batchId, row: String(row) }, body: { fields } });
}

/** DELETE /shipping/batches/{batchId}/rows/{row}: leaves the row out of the batch. */
export function dropRow(batchId: string, row: number): Promise<ApiBatch> {
  return apiRequest('DELETE /shipping/batches/{batchId}/rows/{row}', { params: { batchId, row: String(row) } });
}

/**
 * Fixing and dropping rows: each answers the whole batch as it now stands, which replaces the cached
 * one, so the preview and the summary change without another request.
 */
export function useEditRows(batchId: string) {
  const { mutate } = useSWRConfig();
  const store = (batch: ApiBatch) => mutate(batchKey(batchId), batch, { revalidate: false });
  return {
    fix: async (row: number, fields: BatchRowFields) => store(await fixRow(batchId, row, fields)),
    drop: async (row: number) => store(await dropRow(batchId, row)),
  };
}

import { apiBlob } from '@/api-client/client';

/** GET /shipping/batches/template.csv: the header row (and an example row) to fill in. */
export function downloadTemplate(): Promise<Blob> {
  return apiBlob('GET /shipping/batches/template.csv');
}

/** GET /shipping/batches/{batchId}/labels.pdf: every bought row's label, one 4x6 page each, in row order. */
export function downloadBatchLabels(batchId: string): Promise<Blob> {
  return apiBlob('GET /shipping/batches/{batchId}/labels.pdf', { params: { batchId } });
}

/** GET /shipping/batches/{batchId}/results.csv: row, status, tracking number, price and error of each row. */
export function downloadBatchResults(batchId: string): Promise<Blob> {
  return apiBlob('GET /shipping/batches/{batchId}/results.csv', { params: { batchId } });
}

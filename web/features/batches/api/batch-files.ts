import { apiBlob } from '@/api-client/client';
import type { BatchLabelFormat } from '@domain/label-formats';

/** GET /shipping/batches/template.csv: the header row (and an example row) to fill in. */
export function downloadTemplate(): Promise<Blob> {
  return apiBlob('GET /shipping/batches/template.csv');
}

/**
 * GET /shipping/batches/{batchId}/labels.pdf: every bought row's label in row order, one 4x6 page
 * each (`pdf`) or two to a letter page (`letter`).
 */
export function downloadBatchLabels(batchId: string, format: BatchLabelFormat = 'pdf'): Promise<Blob> {
  return apiBlob('GET /shipping/batches/{batchId}/labels.pdf', { params: { batchId }, query: { format } });
}

/** GET /shipping/batches/{batchId}/results.csv: row, status, tracking number, price and error of each row. */
export function downloadBatchResults(batchId: string): Promise<Blob> {
  return apiBlob('GET /shipping/batches/{batchId}/results.csv', { params: { batchId } });
}

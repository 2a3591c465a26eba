import { apiBlob } from '@/api-client/client';
import type { LabelChoice } from '@domain/label-formats';

/**
 * GET /shipping/download-order/{shipOrderId}: the label of one of the caller's orders, as `choice`
 * (format, and dpi for a PNG), or without one as the shipper's default.
 */
export function downloadOrderFile(shipOrderId: string, choice?: LabelChoice): Promise<Blob> {
  const query = choice ? { format: choice.format, dpi: choice.format === 'png' ? String(choice.dpi) : undefined } : undefined;
  return apiBlob('GET /shipping/download-order/{shipOrderId}', { params: { shipOrderId }, ...(query ? { query } : {}) });
}

import { apiBlob } from '@/api-client/client';

/** GET /shipping/download-order/{shipOrderId}: the label PDF of one of the caller's orders. */
export function downloadOrderPdf(shipOrderId: string): Promise<Blob> {
  return apiBlob('GET /shipping/download-order/{shipOrderId}', { params: { shipOrderId } });
}

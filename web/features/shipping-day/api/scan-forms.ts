import { useCallback } from 'react';
import useSWRMutation from 'swr/mutation';
import type { ApiScanForm } from '@domain/api/shipping-day';
import type { ScanFormBody } from '@domain/schemas/shipping-day';
import { apiBlob, apiRequest } from '@/api-client/client';
import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

export const scanFormsPageKeys = cursorPageKeys('GET /shipping/scan-forms', { limit: '20' });

/** The signed-in shipper's SCAN forms, newest first, page by page. */
export function useScanForms() {
  const { items, ...pages } = useCursorPages(scanFormsPageKeys, (page) => page.scanForms);
  return { ...pages, scanForms: items };
}

/** POST /shipping/scan-forms: 409 when no label of the day and origin is left for a form. */
export function createScanForm(body: ScanFormBody): Promise<ApiScanForm> {
  return apiRequest('POST /shipping/scan-forms', { body });
}

/** Makes a form; the list then shows it. */
export function useCreateScanForm() {
  const revalidateRoutes = useRevalidateRoutes();
  const revalidate = useCallback(() => revalidateRoutes('GET /shipping/scan-forms'), [revalidateRoutes]);
  return useSWRMutation('POST /shipping/scan-forms', (_key, { arg }: { arg: ScanFormBody }) => createScanForm(arg), { onSuccess: () => void revalidate() });
}

/** GET /shipping/scan-forms/{id}/pdf: the form's PS 5630 PDF. */
export function downloadScanForm(id: string): Promise<Blob> {
  return apiBlob('GET /shipping/scan-forms/{id}/pdf', { params: { id } });
}

import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { isNetworkError } from '@/api-client/client';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';
import { withLoadingToast } from '@/components/notify';
import { saveBlob } from '@/lib/save-file';
import { downloadOrderPdf } from '../api/download-order';

/**
 * Fetches an order's label PDF and saves it as `<tracking>.pdf` (SPEC section 7), under a loading
 * toast, since the server may take seconds. A failure says so, except a network error, which SPEC
 * section 8 keeps silent.
 */
export async function downloadLabelPdf(shipOrderId: string, tracking: string): Promise<void> {
  await withLoadingToast(`Downloading ${tracking}.pdf…`, async (notice) => {
    try {
      saveBlob(await downloadOrderPdf(shipOrderId), `${tracking}.pdf`);
    } catch (error) {
      if (!isNetworkError(error)) notice.error('Failed to download PDF. Please try again.');
    }
  });
}

/**
 * The PDF cell of a shipment with a label: busy while the file downloads, so one click gets one file.
 * The shipments are read again after it: a label once downloaded is no longer refunded at once.
 */
export function DownloadPdfButton({ shipOrderId, tracking }: { shipOrderId: string; tracking: string }) {
  const [busy, setBusy] = useState(false);
  const revalidateRoutes = useRevalidateRoutes();
  async function download() {
    setBusy(true);
    await downloadLabelPdf(shipOrderId, tracking);
    setBusy(false);
    void revalidateRoutes('GET /shipping/orders');
  }
  return (
    <Button size="xs" variant="outline" loading={busy} onClick={() => void download()} aria-label={`Download PDF for ${tracking}`}>
      <LuDownload aria-hidden />
      PDF
    </Button>
  );
}

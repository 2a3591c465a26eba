import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuReceipt } from 'react-icons/lu';
import { apiBlob, isNetworkError } from '@/api-client/client';
import { withLoadingToast } from '@/components/notify';
import { saveBlob } from '@/lib/save-file';

/**
 * Downloads the PDF receipt of a completed wallet entry, or of a shipment's label purchase (the API
 * takes either id: GET /receipts/<id>.pdf), with the session token like the label PDF. Shared by the
 * Wallet page's transactions and the Shipping Labels page's shipments. `what` names the row for
 * screen readers ("Download receipt for <what>"). The server makes the PDF on request, so a loading
 * toast names the wait.
 */
export function ReceiptButton({ id, what }: { id: string; what: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    await withLoadingToast('Downloading receipt…', async (notice) => {
      try {
        saveBlob(await apiBlob('GET /receipts/{receipt}', { params: { receipt: `${id}.pdf` } }), `receipt-${id}.pdf`);
      } catch (error) {
        if (!isNetworkError(error)) notice.error('Failed to download the receipt. Please try again.');
      }
    });
    setBusy(false);
  }
  return (
    <Button size="xs" variant="outline" loading={busy} onClick={() => void download()} aria-label={`Download receipt for ${what}`}>
      <LuReceipt aria-hidden />
      Receipt
    </Button>
  );
}

import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import type { ApiScanForm } from '@domain/api/shipping-day';
import { notifyApiError } from '@/components/notify';
import { saveBlob } from '@/lib/save-file';
import { downloadScanForm } from '../api/scan-forms';

/** Downloads one SCAN form's PDF, named by its day and id. */
export function ScanFormPdfButton({ form }: { form: Pick<ApiScanForm, 'id' | 'shipDate'> }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await downloadScanForm(form.id), `scan-form-${form.shipDate}-${form.id}.pdf`);
    } catch (error) {
      notifyApiError('Failed to download the SCAN form.', error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="outline" loading={busy} onClick={() => void download()} aria-label={`Download PDF of the SCAN form of ${form.shipDate}`}>
      <LuDownload aria-hidden /> Download PDF
    </Button>
  );
}

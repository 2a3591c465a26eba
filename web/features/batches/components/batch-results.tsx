import { Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import type { ApiBatch } from '@domain/api/batches';
import { isNetworkError } from '@/api-client/client';
import { withLoadingToast } from '@/components/notify';
import { saveBlob } from '@/lib/save-file';
import { downloadBatchLabels, downloadBatchResults } from '../api/batch-files';
import { batchProgress } from '../lib/batch-figures';

/** A file download button, busy while the file comes, so one click saves one file. */
function DownloadButton({ label, fetchFile, fileName, disabled }: { label: string; fetchFile: () => Promise<Blob>; fileName: string; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    // A batch's file covers every row (its labels PDF runs to megabytes): the loading toast names the wait.
    await withLoadingToast(`Downloading ${fileName}…`, async (notice) => {
      try {
        saveBlob(await fetchFile(), fileName);
      } catch (error) {
        // As the label PDF: a network error stays silent (SPEC section 8).
        if (!isNetworkError(error)) notice.error(`Failed to download ${fileName}. Please try again.`);
      }
    });
    setBusy(false);
  }
  return (
    <Button variant="outline" loading={busy} disabled={disabled} onClick={() => void download()}>
      <LuDownload aria-hidden />
      {label}
    </Button>
  );
}

/** A finished batch: how many labels were bought, which rows failed and why, and its files: the labels as 4x6 pages or on letter pages, and the results. */
export function BatchResults({ batch }: { batch: ApiBatch }) {
  const { bought, failed } = batchProgress(batch);
  const failedRows = batch.rows.filter((r) => r.status === 'failed');
  return (
    <Stack gap="4" role="group" aria-label="Batch results">
      <Text fontWeight="semibold">
        {bought} bought, {failed} failed
      </Text>
      {failedRows.length > 0 && (
        <List.Root ps="5" gap="1">
          {failedRows.map((r) => (
            <List.Item key={r.row}>
              Row {r.row}: {r.error ?? 'failed'} (not charged)
            </List.Item>
          ))}
        </List.Root>
      )}
      <HStack gap="3" wrap="wrap">
        <DownloadButton
          label="Download labels (PDF)"
          fetchFile={() => downloadBatchLabels(batch.batchId, 'pdf')}
          fileName={`batch-${batch.batchId}-labels.pdf`}
          disabled={bought === 0}
        />
        <DownloadButton
          label="Download labels (letter)"
          fetchFile={() => downloadBatchLabels(batch.batchId, 'letter')}
          fileName={`batch-${batch.batchId}-labels-letter.pdf`}
          disabled={bought === 0}
        />
        <DownloadButton label="Download results (CSV)" fetchFile={() => downloadBatchResults(batch.batchId)} fileName={`batch-${batch.batchId}-results.csv`} />
      </HStack>
    </Stack>
  );
}

import { Button, ButtonGroup, IconButton, Menu, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { LuChevronDown, LuDownload } from 'react-icons/lu';
import { isNetworkError } from '@/api-client/client';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';
import { withLoadingToast } from '@/components/notify';
import { useProfile } from '@/features/profile';
import { saveBlob } from '@/lib/save-file';
import { LABEL_CHOICES, labelChoiceEntry, labelChoiceKey, labelChoiceOf, labelFileName, type LabelChoice } from '@domain/label-formats';
import { downloadOrderFile } from '../api/download-order';

/**
 * Fetches an order's label as `choice` and saves it as `<tracking>.pdf` (SPEC section 7; the other
 * formats as labelFileName names them), under a loading toast, since the server may take seconds.
 * A failure says so, except a network error, which SPEC section 8 keeps silent.
 */
export async function downloadLabelFile(shipOrderId: string, tracking: string, choice: LabelChoice): Promise<void> {
  const fileName = labelFileName(tracking, choice);
  await withLoadingToast(`Downloading ${fileName}…`, async (notice) => {
    try {
      saveBlob(await downloadOrderFile(shipOrderId, choice), fileName);
    } catch (error) {
      if (!isNetworkError(error)) notice.error(`Failed to download ${labelChoiceEntry(choice).short}. Please try again.`);
    }
  });
}

/**
 * The download cell of a shipment with a label: one click saves it in the shipper's default format
 * (the Profile page sets it; the 4x6 PDF until then), and the menu beside it offers every format,
 * the default first. Busy while a file downloads, so one click gets one file. The shipments are
 * read again after it: a label once downloaded is no longer refunded at once.
 */
export function DownloadPdfButton({ shipOrderId, tracking }: { shipOrderId: string; tracking: string }) {
  const [busy, setBusy] = useState(false);
  const revalidateRoutes = useRevalidateRoutes();
  const { data: profile } = useProfile();
  const preferred = labelChoiceOf(profile?.labelFormat);
  const first = labelChoiceEntry(preferred);
  const choices = [first, ...LABEL_CHOICES.filter((c) => c.key !== first.key)];
  async function download(choice: LabelChoice) {
    setBusy(true);
    await downloadLabelFile(shipOrderId, tracking, choice);
    setBusy(false);
    void revalidateRoutes('GET /shipping/orders');
  }
  return (
    <ButtonGroup size="xs" variant="outline" attached>
      <Button loading={busy} onClick={() => void download(preferred)} aria-label={`Download ${first.short} for ${tracking}`}>
        <LuDownload aria-hidden />
        {first.short}
      </Button>
      <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => void download(LABEL_CHOICES.find((c) => c.key === value) ?? first)}>
        <Menu.Trigger asChild>
          <IconButton disabled={busy} aria-label={`Other label formats for ${tracking}`}>
            <LuChevronDown aria-hidden />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="52">
              {choices.map((c) => (
                <Menu.Item key={c.key} value={c.key}>
                  {c.name}
                  {c.key === labelChoiceKey(preferred) ? ' (default)' : ''}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </ButtonGroup>
  );
}

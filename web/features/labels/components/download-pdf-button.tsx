import { Button, HStack, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuChevronDown, LuDownload } from 'react-icons/lu';
import { isNetworkError } from '@/api-client/client';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';
import { withLoadingToast } from '@/components/notify';
import { useProfile } from '@/features/profile';
import { saveBlob } from '@/lib/save-file';
import { labelChoiceEntry, labelChoiceOf, labelFileName, type LabelChoice } from '@domain/label-formats';
import { downloadOrderFile } from '../api/download-order';

const LabelFormatMenu = lazy(() => import('./label-format-menu').then((m) => ({ default: m.LabelFormatMenu })));

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
  async function download(choice: LabelChoice) {
    setBusy(true);
    await downloadLabelFile(shipOrderId, tracking, choice);
    setBusy(false);
    void revalidateRoutes('GET /shipping/orders');
  }
  // The menu's code loads when it is first opened (./label-format-menu.tsx); until then a stand-in
  // trigger with a closed menu trigger's attributes holds its place, and the menu mounts open.
  const [menuWanted, setMenuWanted] = useState(false);
  const standIn = (
    <IconButton
      size="xs"
      variant="outline"
      aria-label={`Other label formats for ${tracking}`}
      aria-haspopup="menu"
      aria-expanded={false}
      disabled={busy}
      // A native button: Enter and Space click it too.
      onClick={() => setMenuWanted(true)}
    >
      <LuChevronDown aria-hidden />
    </IconButton>
  );
  return (
    <HStack gap="1">
      <Button size="xs" variant="outline" loading={busy} onClick={() => void download(preferred)} aria-label={`Download ${first.short} for ${tracking}`}>
        <LuDownload aria-hidden />
        {first.short}
      </Button>
      {menuWanted ? (
        <Suspense fallback={standIn}>
          <LabelFormatMenu defaultKey={first.key} tracking={tracking} disabled={busy} onPick={(choice) => void download(choice)} />
        </Suspense>
      ) : (
        standIn
      )}
    </HStack>
  );
}

import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { notifyApiError } from '@/components/notify';
import { useEditRows } from '../api/edit-row';

/** Leaves an invalid row out of the batch (it is never bought); the row stays listed as dropped. */
export function DropRowButton({ batchId, row }: { batchId: string; row: number }) {
  const { drop } = useEditRows(batchId);
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      await drop(row);
    } catch (error) {
      notifyApiError('The row could not be dropped', error, 'Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="xs" variant="outline" colorPalette="red" loading={busy} onClick={() => void onClick()} aria-label={`Drop row ${row}`}>
      Drop
    </Button>
  );
}

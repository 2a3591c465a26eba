import { Button, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { DialogActions, DialogBody, DialogFooter, FormDialog } from '@/components/form-dialog';
import { notifyApiError, notifySuccess } from '@/components/notify';

/**
 * A row's Delete, after a confirmation (an alert dialog naming what goes and what stays); Chakra
 * gives focus back to the button. The toast says whether it went; a failure leaves the dialog open.
 */
export function ConfirmDeleteButton({
  name,
  title,
  children,
  busy,
  onDelete,
  deleted,
  failed,
  verb = 'Delete',
}: {
  /** What is deleted, for the button's accessible name. */
  name: string;
  title: string;
  /** What the dialog says goes, and what stays. */
  children: ReactNode;
  busy: boolean;
  onDelete: () => Promise<unknown>;
  deleted: string;
  failed: string;
  /** What the buttons say: `Delete` unless given (an API key is revoked, not deleted). */
  verb?: string;
}) {
  const [open, setOpen] = useState(false);

  async function confirm() {
    try {
      await onDelete();
      notifySuccess(deleted);
      setOpen(false);
    } catch (error) {
      notifyApiError(failed, error);
    }
  }

  return (
    <FormDialog
      role="alertdialog"
      title={title}
      open={open}
      onOpenChange={setOpen}
      closeButton={false}
      trigger={
        <Button size="xs" variant="outline" colorPalette="red" aria-label={`${verb} ${name}`}>
          <LuTrash2 aria-hidden /> {verb}
        </Button>
      }
    >
      <DialogBody>
        <Text>{children}</Text>
      </DialogBody>
      <DialogFooter>
        <DialogActions>
          <Button colorPalette="red" loading={busy} onClick={() => void confirm()}>
            {verb}
          </Button>
        </DialogActions>
      </DialogFooter>
    </FormDialog>
  );
}

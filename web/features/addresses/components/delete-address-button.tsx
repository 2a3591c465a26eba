import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTrash2 } from 'react-icons/lu';
import { DialogActions, DialogBody, DialogFooter, FormDialog } from '@/components/form-dialog';
import { notifyApiError, notifySuccess } from '@/components/notify';
import type { SavedAddress } from '@domain/api/addresses';
import { useDeleteAddress } from '../api/delete-address';

/** What an address is called on screen (SPEC section 2's fallback for a nameless one). */
export const addressName = (address: SavedAddress) => address.name || 'Untitled Address';

/** Delete for one saved address, after a confirmation; Chakra gives focus back to the button. */
export function DeleteAddressButton({ address }: { address: SavedAddress }) {
  const [open, setOpen] = useState(false);
  const { trigger: deleteAddress, isMutating } = useDeleteAddress();
  const name = addressName(address);

  async function confirm() {
    try {
      await deleteAddress(address.id);
      notifySuccess('Address deleted');
      setOpen(false);
    } catch (error) {
      notifyApiError('Failed to delete address.', error);
    }
  }

  return (
    <FormDialog
      role="alertdialog"
      title="Delete this address?"
      open={open}
      onOpenChange={setOpen}
      closeButton={false}
      trigger={
        <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete ${name}`}>
          <LuTrash2 aria-hidden /> Delete
        </Button>
      }
    >
      <DialogBody>
        <Text>
          “{name}”, {address.street}, will be removed from your saved addresses. Labels already bought keep their addresses.
        </Text>
      </DialogBody>
      <DialogFooter>
        <DialogActions>
          <Button colorPalette="red" loading={isMutating} onClick={() => void confirm()}>
            Delete
          </Button>
        </DialogActions>
      </DialogFooter>
    </FormDialog>
  );
}

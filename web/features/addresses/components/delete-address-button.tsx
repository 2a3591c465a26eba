import { useMayChange } from '@/features/profile';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button';
import type { SavedAddress } from '@domain/api/addresses';
import { useDeleteAddress } from '../api/delete-address';

/** What an address is called on screen (SPEC section 2's fallback for a nameless one). */
export const addressName = (address: SavedAddress) => address.name || 'Untitled Address';

/** Delete for one saved address, after a confirmation. */
export function DeleteAddressButton({ address }: { address: SavedAddress }) {
  const mayChange = useMayChange();
  const { trigger: deleteAddress, isMutating } = useDeleteAddress();
  const name = addressName(address);
  // A team's viewer cannot delete (the server answers 403).
  if (!mayChange) return null;
  return (
    <ConfirmDeleteButton
      name={name}
      title="Delete this address?"
      busy={isMutating}
      onDelete={() => deleteAddress(address.id)}
      deleted="Address deleted"
      failed="Failed to delete address."
    >
      “{name}”, {address.street}, will be removed from your saved addresses. Labels already bought keep their addresses.
    </ConfirmDeleteButton>
  );
}

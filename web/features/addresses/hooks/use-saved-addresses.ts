import { useEffect, useRef } from 'react';
import { notifyError } from '@/components/notify';
import { useAddresses } from '../api/list-addresses';

/**
 * The saved addresses for the label dialog's dropdowns, fetched while the dialog is open. On a
 * failure the dropdowns show their empty state and one 'Failed to fetch addresses.' toast appears
 * per opening, however often SWR retries or revalidates on focus.
 */
export function useSavedAddresses(open: boolean) {
  const { addresses, error } = useAddresses(open);
  const toldThisOpening = useRef(false);

  useEffect(() => {
    if (!open) {
      toldThisOpening.current = false;
      return;
    }
    if (error && !toldThisOpening.current) {
      toldThisOpening.current = true;
      // The id keeps one on screen if the dialog is reopened before the last one timed out.
      notifyError('Failed to fetch addresses.', undefined, 'addresses-fetch');
    }
  }, [open, error]);

  return addresses;
}

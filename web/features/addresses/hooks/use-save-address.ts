import { useState } from 'react';
import '@/lib/zod-jitless';
import { addressSchema, type Address } from '@domain/schemas/addresses';
import { notifyApiError, notifyInfo, notifySuccess } from '@/components/notify';
import { useCreateAddress } from '../api/create-address';
import { addressesKey, checkAddresses, type AddressFinding } from '../lib/check-addresses';

interface SaveAddressOptions {
  /** How the address is named in the check's panel (the label form's "Sender" or "Recipient"). */
  label?: string;
  /** The suggestion was taken: the form that holds the address fills it in. */
  onSuggestionUsed?: (address: Address) => void;
}

/**
 * Save Address from a form that holds an address (the label form's sender or recipient): `save`
 * takes the values once the form has checked them, checks the address like Manage Addresses does,
 * and saves it. A finding waits in `choice` for the person (use the suggestion, or keep
 * the address as entered); the check being down saves as entered. A duplicate answers 409 with
 * 'This address is already saved.', shown under the failure title.
 */
export function useSaveAddress({ label = 'Address', onSuggestionUsed }: SaveAddressOptions = {}) {
  const { trigger: createAddress, isMutating } = useCreateAddress();
  const [checking, setChecking] = useState(false);
  const [finding, setFinding] = useState<{ address: Address; findings: AddressFinding[] } | null>(null);
  /** The address last found fine or kept as entered: not checked again. */
  const [accepted, setAccepted] = useState<string | null>(null);

  async function store(address: Address) {
    try {
      await createAddress(address);
      notifySuccess('Address saved');
    } catch (error) {
      notifyApiError('Failed to add address.', error);
    }
  }

  async function save(values: unknown) {
    const parsed = addressSchema.safeParse(values);
    if (!parsed.success) return;
    const address = parsed.data;
    setFinding(null);
    const key = addressesKey([address]);
    if (accepted !== key) {
      setChecking(true);
      const outcome = await checkAddresses([{ key: 'address', label, address }]).finally(() => setChecking(false));
      if (outcome.status === 'findings') return setFinding({ address, findings: outcome.findings });
      if (outcome.status === 'unavailable') notifyInfo('Address not checked', 'The address check is not answering; the address is saved as entered.');
      else setAccepted(key);
    }
    await store(address);
  }

  /** Saves `address` as chosen in the panel; it is not checked again. */
  function goOn(address: Address) {
    setFinding(null);
    setAccepted(addressesKey([address]));
    void store(address);
  }
  const choice = finding && {
    findings: finding.findings,
    useSuggested: () => {
      const suggestion = finding.findings[0]?.check.suggestion ?? finding.address;
      onSuggestionUsed?.(suggestion);
      goOn(suggestion);
    },
    keep: () => goOn(finding.address),
  };

  return { save, isSaving: isMutating || checking, choice };
}

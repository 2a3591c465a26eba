import { Box, Input } from '@chakra-ui/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { ADDRESS_DROPDOWN_CLOSE_MS } from '@domain/constants';
import { FormField } from '@/components/form-field';
import { SavedAddressList } from '@/features/addresses';
import type { SavedAddress } from '@domain/api/addresses';
import { useDelayedClose } from '../hooks/use-delayed-close';
import type { AddressSide, LabelFormValues } from '../lib/label-form';

interface StreetFieldProps {
  side: AddressSide;
  heading: string;
  addresses: SavedAddress[];
  onChoose: (address: SavedAddress) => void;
  autoComplete: string;
}

/**
 * The street field with its saved-address dropdown (SPEC section 2): it opens when the field gets
 * focus and closes 200 ms after focus leaves, on Escape, or once an entry is chosen. As an ARIA
 * combobox the arrow keys walk the entries and Enter chooses one, while focus stays in the field.
 */
export function StreetField({ side, heading, addresses, onChoose, autoComplete }: StreetFieldProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<LabelFormValues>();
  const listId = useId();
  const dropdown = useDelayedClose(ADDRESS_DROPDOWN_CLOSE_MS);
  const [active, setActive] = useState(-1);
  const field = register(`${side}.street`);

  function open() {
    setActive(-1);
    dropdown.show();
  }

  function choose(address: SavedAddress) {
    onChoose(address);
    dropdown.close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = addresses.length - 1;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!dropdown.open) open();
      else setActive((i) => Math.min(i + 1, last));
    } else if (event.key === 'ArrowUp' && dropdown.open) {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && dropdown.open && addresses[active]) {
      // Choosing, not submitting the form.
      event.preventDefault();
      choose(addresses[active]);
    } else if (event.key === 'Escape' && dropdown.open) {
      // The dialog leaves this Escape to the dropdown (create-label-dialog.tsx).
      dropdown.close();
    }
  }

  const listShown = dropdown.open && addresses.length > 0;
  return (
    <Box position="relative">
      <FormField label="Street" error={errors[side]?.street?.message} required>
        <Input
          {...field}
          role="combobox"
          aria-autocomplete="none"
          aria-expanded={dropdown.open}
          aria-controls={listShown ? listId : undefined}
          aria-activedescendant={listShown && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete={autoComplete}
          onFocus={open}
          onBlur={(event) => {
            void field.onBlur(event);
            dropdown.closeSoon();
          }}
          onKeyDown={onKeyDown}
        />
      </FormField>
      {dropdown.open && <SavedAddressList id={listId} heading={heading} addresses={addresses} activeIndex={active} onChoose={choose} />}
    </Box>
  );
}

import { NativeSelect } from '@chakra-ui/react';
import type { SavedAddress } from '@domain/api/addresses';

/** One of the shipper's saved addresses, by id, each named by its name, street, city and ZIP. */
export function SavedAddressSelect({ addresses, value, onChange }: { addresses: SavedAddress[]; value: string; onChange: (id: string) => void }) {
  return (
    <NativeSelect.Root disabled={addresses.length === 0}>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
        {addresses.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}, {a.street}, {a.city} {a.zip}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

import { NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { US_STATES } from '@domain/schemas/addresses';

/**
 * The two-letter US state and territory codes as a select, starting unchosen. Spread a form's
 * `register('state')` into it, as into an `Input`; put it in a `FormField` for its label.
 */
export function UsStateSelect(props: ComponentProps<typeof NativeSelect.Field>) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field placeholder="Select" {...props}>
        {US_STATES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

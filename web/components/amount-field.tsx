import { Input, InputGroup } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

interface AmountFieldProps {
  /** What `register('amount')` answers: the form's zod schema checks the text typed. */
  registration: UseFormRegisterReturn;
  /** The range allowed, said before the user types. */
  helper: ReactNode;
  error?: string;
  placeholder?: string;
}

/** The required "Amount" field of the money dialogs: dollars typed as text after a `$`. */
export function AmountField({ registration, helper, error, placeholder = '25.00' }: AmountFieldProps) {
  return (
    <FormField label="Amount" helper={helper} error={error} required>
      <InputGroup startElement="$">
        <Input inputMode="decimal" autoComplete="off" placeholder={placeholder} {...registration} />
      </InputGroup>
    </FormField>
  );
}

import { Box, Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormFieldProps {
  label: string;
  /** The field's validation message; marks the control invalid and is linked to it. */
  error?: string;
  /** Shown under the control and linked to it (e.g. the password checklist). */
  helper?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  /** One Chakra control (`Input`, ...): Field gives it the id, label and aria-describedby. */
  children: ReactNode;
}

/** A labelled form control with its helper and error text, wired for assistive tech by Chakra's Field. */
export function FormField({ label, error, helper, required, readOnly, children }: FormFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} readOnly={readOnly}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {/* A div rather than Ark's span, so the helper may hold a list. */}
      {helper && (
        <Field.HelperText asChild>
          <Box>{helper}</Box>
        </Field.HelperText>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

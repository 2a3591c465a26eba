import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';

/**
 * A dialog's form and whether the dialog is open. Closing it (Cancel, the ×, Escape, or the caller
 * after a success) puts the fields back to `defaultValues`, so the dialog always opens empty. Answers
 * what the dialogs use of the form: `register`, `handleSubmit`, the field errors and whether it is submitting.
 */
export function useFormDialog<Fields extends FieldValues, Output = Fields>(
  options: UseFormProps<Fields, unknown, Output> & { defaultValues: DefaultValues<Fields> },
) {
  const [open, setOpen] = useState(false);
  const form = useForm<Fields, unknown, Output>(options);
  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) form.reset(options.defaultValues);
  }
  const { register, handleSubmit, formState } = form;
  return { open, changeOpen, register, handleSubmit, errors: formState.errors, isSubmitting: formState.isSubmitting };
}

import { Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/api-client/client';
import { useHydrated } from '@/hooks/use-hydrated';

/**
 * A form laid out as a column of fields. `noValidate`: the zod schemas validate and show the spec's
 * messages; the browser's own bubbles would pre-empt them with different words. `id` lets a submit
 * button outside it (a dialog's footer) name it with `form=`.
 *
 * On a prerendered page (sign-in, sign-up, forgotten password) the form is on screen before React
 * runs it: until then its fields and buttons are disabled, so nobody types into a field React does
 * not see yet or presses a Submit the browser would answer itself (a GET with the password in the
 * address). Everywhere else the form is enabled from the start.
 */
export function Form({ id, onSubmit, children }: { id?: string; onSubmit: (event: FormEvent<HTMLFormElement>) => unknown; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Stack asChild gap="5">
      <form id={id} onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset disabled={!hydrated} style={{ display: 'contents' }}>
          {children}
        </fieldset>
      </form>
    </Stack>
  );
}

/**
 * Shows a 400's per-field messages under the form's own fields: the API names them like the body the
 * form sent. `only` keeps those of fields the form has, when the body carries more than its fields.
 */
export function showFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, only?: readonly string[]): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fields)) if (!only || only.includes(field)) setError(field as Path<T>, { message });
}

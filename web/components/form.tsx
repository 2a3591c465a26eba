import { Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

/**
 * A form laid out as a column of fields. `noValidate`: the zod schemas validate and show the spec's
 * messages; the browser's own bubbles would pre-empt them with different words. `id` lets a submit
 * button outside it (a dialog's footer) name it with `form=`.
 */
export function Form({ id, onSubmit, children }: { id?: string; onSubmit: (event: FormEvent<HTMLFormElement>) => unknown; children: ReactNode }) {
  return (
    <Stack asChild gap="5">
      <form id={id} onSubmit={(event) => void onSubmit(event)} noValidate>
        {children}
      </form>
    </Stack>
  );
}

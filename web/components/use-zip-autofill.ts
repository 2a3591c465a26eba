import { useEffect, useEffectEvent, useRef } from 'react';
import { useWatch, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { loadZipTable, type ZipPlace } from './zip-lookup';

/** A five-digit ZIP, or ZIP+4 (its first five digits are looked up). */
const ZIP = /^\s*(\d{5})(?:-\d{4})?\s*$/;

/**
 * Fills an address block's city and state when its ZIP is a known one, from the offline ZIP table.
 * A field is filled only while it is empty or still holds what this hook put there, so anything the
 * person typed or chose stays. `prefix` names the block in a larger form (`'from'` for `from.zip`);
 * without it the fields are `zip`, `city` and `state` at the form's top level. The table is fetched
 * when the first character of a ZIP is typed.
 */
export function useZipAutofill<T extends FieldValues>(form: UseFormReturn<T>, prefix?: string): void {
  const { control, getValues, setValue } = form;
  const path = (field: keyof ZipPlace | 'zip') => (prefix ? `${prefix}.${field}` : field) as Path<T>;
  const zip: unknown = useWatch({ control, name: path('zip') });
  const filled = useRef<Partial<ZipPlace>>({});

  // An effect event: it reads the fields and the submitted flag as they are when the table arrives,
  // and only a new ZIP (not a re-render or a submit) starts a lookup.
  const fill = useEffectEvent((place: ZipPlace) => {
    for (const field of ['city', 'state'] as const) {
      const value: unknown = getValues(path(field));
      const untouched = typeof value !== 'string' || value.trim() === '' || value === filled.current[field];
      if (!untouched) continue;
      // Check again only once a submit has shown messages, as typing would.
      setValue(path(field), place[field] as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      filled.current[field] = place[field];
    }
  });

  useEffect(() => {
    if (typeof zip !== 'string' || zip.trim() === '') return;
    const five = ZIP.exec(zip)?.[1];
    let current = true;
    loadZipTable().then(
      (lookup) => {
        const place = five && current ? lookup(five) : undefined;
        if (place) fill(place);
      },
      () => undefined, // offline: the person types the city and state
    );
    return () => {
      current = false;
    };
    // A new prefix is another address block: look its ZIP up even when it reads the same.
  }, [zip, prefix]);
}

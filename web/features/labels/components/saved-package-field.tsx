import { NativeSelect } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { SavedPackage } from '@domain/api/packages';
import { FormField } from '@/components/form-field';
import { packageFigures, usePackages } from '@/features/packages';
import type { LabelFormValues } from '../lib/label-form';

const PARCEL = ['weight', 'length', 'width', 'height'] as const;

/** A number input's value: a number typed, NaN or undefined (or '' before one was) when empty. */
const isBlank = (value: unknown) => value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));

/**
 * The Create Label dialog's "Saved package": picking one fills the weight and the three sizes, which
 * stay free to edit. When the dialog opens with the parcel fields empty, the default package fills
 * them (once per opening, so clearing them afterwards sticks). The select shows the package whose
 * figures the fields hold, if any. Shown only to a shipper who has saved packages.
 */
export function SavedPackageField({ open }: { open: boolean }) {
  const { packages } = usePackages(open);
  const { setValue, getValues, control } = useFormContext<LabelFormValues>();
  const figures = useWatch({ control, name: PARCEL });
  const filledThisOpening = useRef(false);

  function fill(pkg: SavedPackage) {
    for (const field of PARCEL) setValue(field, pkg[field], { shouldDirty: true, shouldValidate: true });
  }

  useEffect(() => {
    if (!open) {
      filledThisOpening.current = false;
      return;
    }
    const preferred = packages.find((p) => p.isDefault);
    if (filledThisOpening.current || !preferred) return;
    filledThisOpening.current = true;
    if (getValues([...PARCEL]).every(isBlank)) fill(preferred);
    // fill and getValues are the form's own, stable for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, packages]);

  if (packages.length === 0) return null;
  const shown = packages.find((p) => PARCEL.every((field, i) => p[field] === figures[i]));
  return (
    <FormField label="Saved package">
      <NativeSelect.Root>
        <NativeSelect.Field
          value={shown?.id ?? ''}
          onChange={(event) => {
            const picked = packages.find((p) => p.id === event.currentTarget.value);
            if (picked) fill(picked);
          }}
        >
          <option value="">Choose a saved package</option>
          {packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({packageFigures(p)}){p.isDefault ? ' · default' : ''}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

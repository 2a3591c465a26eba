import { Input } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { SHIP_DATE_MAX_DAYS_AHEAD } from '@domain/constants';
import { shipDateWindow } from '@domain/ship-date';
import { FormField } from '@/components/form-field';
import type { LabelFormValues } from '../lib/label-form';

/**
 * The day the label ships: a date input bounded by the window (today to 7 days ahead in
 * US Eastern time), so the browser's own picker offers only those days; the schema and the server
 * check it again, and the server's message shows here when its clock disagrees.
 */
export function ShipDateField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<LabelFormValues>();
  const { min, max } = shipDateWindow();
  return (
    <FormField label="Ship date" error={errors.shipDate?.message} helper={`Today or up to ${SHIP_DATE_MAX_DAYS_AHEAD} days ahead (US Eastern time)`}>
      {/* Chromium's date input takes Tab four times: day, month, year and its calendar button; on the
          button the input matches neither :focus nor :focus-visible, so Chakra's ring would vanish
          there. :focus-within holds for all four stops. */}
      <Input
        type="date"
        min={min}
        max={max}
        _focusWithin={{
          outlineWidth: '1px',
          outlineStyle: 'solid',
          outlineOffset: '0px',
          outlineColor: 'var(--focus-color)',
          borderColor: 'var(--focus-color)',
        }}
        {...register('shipDate', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
      />
    </FormField>
  );
}

import { useWatch } from 'react-hook-form';
import { labelPriceCents } from '@domain/pricing';
import type { LabelFormValues } from '../lib/label-form';

/** SPEC section 9's estimate for what the label form holds now, in cents (0: no price for it). */
export function useEstimateCents(): number {
  const [labelType, weight] = useWatch<LabelFormValues, ['labelType', 'weight']>({ name: ['labelType', 'weight'] });
  return labelPriceCents(labelType ?? '', Number(weight));
}

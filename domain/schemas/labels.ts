/** The label order form (SPEC.md sections 3 and 5): POST /shipping/create-label. */
import { z } from 'zod';
import { WEIGHT_MAX_LB } from '../constants';
import { addressSchema } from './addresses';
import { positiveNumber } from './fields';

export const PAYMENT_METHODS = ['purchase', 'credits'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Dimensions in inches; 108 in is USPS's longest allowed length. */
const MAX_DIMENSION_IN = 108;

export const labelOrderSchema = z.object({
  labelType: z.string({ error: 'Label Type is required' }).trim().min(1, 'Label Type is required').max(64),
  weight: positiveNumber('Weight must be a positive number', WEIGHT_MAX_LB),
  height: positiveNumber('Required', MAX_DIMENSION_IN),
  length: positiveNumber('Required', MAX_DIMENSION_IN),
  width: positiveNumber('Required', MAX_DIMENSION_IN),
  /** Ship date as YYYY-MM-DD; optional, today when missing. */
  date: z.iso.date({ error: 'Use a date like 2026-01-31' }).optional(),
  from: addressSchema,
  to: addressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method is required' }),
});
export type LabelOrderBody = z.infer<typeof labelOrderSchema>;

/**
 * POST /shipping/orders/{shipOrderId}/refund: nothing to say beyond the path (an empty or missing
 * body); anything else is refused, so a client never believes it chose something it did not.
 */
export const refundLabelSchema = z.strictObject({}, { error: 'This request takes no fields' });

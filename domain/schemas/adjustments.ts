/**
 * Postage adjustments: the shipper's dispute of one (POST /shipping/adjustments/{adjustmentId}/dispute)
 * and the local front's control that makes the sandbox carrier send one (POST /_local/labels/{id}/adjust).
 */
import * as z from './zod';
import { schema } from './zod';
import { SUPPORT_MESSAGE_MIN } from '../constants';
import { isSafeText, oneLineText, UNSAFE_TEXT_MESSAGE } from './fields';
import { parcelFields } from './labels';

/** The largest adjustment the local control sends: more than any USPS adjustment of a 70 lb parcel. */
export const LOCAL_ADJUSTMENT_MAX_CENTS = 100_000;

/** Why the shipper disputes it, in their words: mailed to support with the label and the carrier's evidence. */
export const disputeAdjustmentSchema = /* @__PURE__ */ schema(() =>
  z.object({
    message: z
      .string({ error: 'Please say why you dispute this adjustment' })
      .check(
        z.trim(),
        z.minLength(SUPPORT_MESSAGE_MIN, `Message must be at least ${SUPPORT_MESSAGE_MIN} characters`),
        z.maxLength(5000, 'Message must be at most 5000 characters'),
        z.refine(isSafeText, UNSAFE_TEXT_MESSAGE),
      ),
  }),
);
export type DisputeAdjustmentBody = z.infer<typeof disputeAdjustmentSchema>;

/**
 * What the local control's sandbox adjustment carries: the carrier's total adjustment of the label
 * in cents (a second call with another amount is the carrier updating it; the same amount again is a
 * replay), its reason, and optionally what USPS measured (the declared parcel with one more pound
 * when left out).
 */
export const localAdjustmentSchema = /* @__PURE__ */ schema(() =>
  z.object({
    amountCents: z
      .number({ error: 'amountCents must be a whole number of cents' })
      .check(
        z.int('amountCents must be a whole number of cents'),
        z.gte(0, 'amountCents must be 0 or more'),
        z.lte(LOCAL_ADJUSTMENT_MAX_CENTS, `amountCents must be at most ${LOCAL_ADJUSTMENT_MAX_CENTS}`),
      ),
    reason: oneLineText('Please give a reason', 100),
    measured: z.optional(z.object(parcelFields())),
  }),
);
export type LocalAdjustmentBody = z.infer<typeof localAdjustmentSchema>;

import type * as z from '@domain/schemas/zod';
import type { labelOrderSchema } from '@domain/schemas/labels';
import { todayInEastern } from '@domain/ship-date';
import { emptyAddress } from '@/features/addresses';

/** The label form as typed (numbers come from `valueAsNumber`: NaN when empty). */
export type LabelFormValues = z.input<typeof labelOrderSchema>;

/** The two address blocks: `from` is the sender, `to` the recipient. */
export type AddressSide = 'from' | 'to';

/**
 * A fresh form. Label type and payment method start unchosen, so the spec's 'Label Type is
 * required' and 'Payment method is required' can be met; numbers start empty.
 */
export const emptyLabelForm = {
  labelType: '',
  from: emptyAddress,
  to: emptyAddress,
} satisfies Partial<LabelFormValues>;

/** A fresh form as the dialog opens it: the ship date starts at today in US Eastern time (the window's first day). */
export const newLabelForm = (now: Date = new Date()) => ({ ...emptyLabelForm, shipDate: todayInEastern(now) }) satisfies Partial<LabelFormValues>;

/**
 * The form's body without the extras it leaves at their defaults (blank text lines, no signature, no
 * declared value), so a label without extras is asked for and quoted exactly as before they existed.
 */
export function withoutBlankExtras<T extends { labelText?: string[] | undefined; signature?: string | undefined; insuredValueCents?: number | undefined }>(
  body: T,
): T {
  const { labelText, signature, insuredValueCents, ...rest } = body;
  const lines = labelText?.map((line) => line.trim());
  return {
    ...rest,
    ...(lines?.some(Boolean) ? { labelText: lines } : {}),
    ...(signature && signature !== 'none' ? { signature } : {}),
    ...(insuredValueCents ? { insuredValueCents } : {}),
  } as T;
}

/** The label order form (SPEC.md sections 3 and 5): POST /shipping/create-label. */
import * as z from './zod';
import { schema } from './zod';
import { WEIGHT_MAX_LB } from '../constants';
import { isInShipDateWindow, SHIP_DATE_FORMAT_MESSAGE, SHIP_DATE_WINDOW_MESSAGE } from '../ship-date';
import { addressSchema } from './addresses';
import { email, positiveNumber } from './fields';
import { INSURED_VALUE_MAX_CENTS, LABEL_TEXT_LINES, LABEL_TEXT_MAX, SIGNATURES } from '../postage/extras';

export const PAYMENT_METHODS = ['purchase', 'credits'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Dimensions in inches; 108 in is USPS's longest allowed length. */
const MAX_DIMENSION_IN = 108;

/**
 * The label's recipient: the six address fields and, optionally, their email, which gets
 * the "on its way" and "delivered" mails. The email is kept on the order as `toEmail`, never on the
 * address the carrier prints, and saved addresses keep their six fields.
 */
export const recipientSchema = /* @__PURE__ */ schema(() =>
  z.extend(addressSchema, {
    email: z
      .optional(email())
      .register(z.globalRegistry, { description: "The recipient's email for tracking mails; stored on the order as `toEmail`, never printed." }),
  }),
);

/** The parcel of the label form: weight in lb, sides in inches. */
export const parcelFields = () => ({
  weight: positiveNumber('Weight must be a positive number', WEIGHT_MAX_LB),
  height: positiveNumber('Required', MAX_DIMENSION_IN),
  length: positiveNumber('Required', MAX_DIMENSION_IN),
  width: positiveNumber('Required', MAX_DIMENSION_IN),
});

/** Text a label printer and EasyPost's custom lines print as typed: printable ASCII, no line breaks. */
const PRINTABLE = /^[\x20-\x7E]*$/;
const LABEL_TEXT_MESSAGE = `Label text may use letters, digits, spaces and common punctuation only`;

/**
 * The extra services of a label (domain/postage/extras.ts), the same in the quote and the purchase:
 * a quote is priced for them, and a purchase must send what it was quoted with.
 */
export const extrasFields = () => ({
  labelText: z
    .optional(
      z
        .array(
          z.string({ error: 'Each label text line must be text' }).check(
            z.trim(),
            z.maxLength(LABEL_TEXT_MAX, `Each label text line must be at most ${LABEL_TEXT_MAX} characters`),
            z.refine((line) => PRINTABLE.test(line), LABEL_TEXT_MESSAGE),
          ),
          { error: 'labelText must be a list of lines' },
        )
        .check(z.maxLength(LABEL_TEXT_LINES, `Label text is at most ${LABEL_TEXT_LINES} lines`)),
    )
    .register(z.globalRegistry, {
      description: `Up to ${LABEL_TEXT_LINES} lines of the shipper's own text printed on the label (an order number, a memo), ${LABEL_TEXT_MAX} characters each.`,
    }),
  signature: z.optional(z.enum(SIGNATURES, { error: `signature must be one of ${SIGNATURES.join(', ')}` })).register(z.globalRegistry, {
    description: '`signature` (Signature Confirmation) or `adult` (Adult Signature Required), priced in the quote; `none` by default.',
  }),
  insuredValueCents: z
    .optional(
      z
        .number({ error: 'Declared value must be a number' })
        .check(
          z.int('Declared value must be whole cents'),
          z.gte(0, 'Declared value cannot be negative'),
          z.lte(INSURED_VALUE_MAX_CENTS, 'Declared value is at most $5,000.00'),
        ),
    )
    .register(z.globalRegistry, {
      description: 'The declared value to insure, in cents (at most 500000); insurance is priced in the quote. 0 or missing: not insured.',
    }),
});

/** A quote id as POST /shipping/rates answers it (a signed token). */
const quoteId = () =>
  z
    .optional(z.string({ error: 'quoteId must be text' }).check(z.minLength(1, 'quoteId must be text'), z.maxLength(4096)))
    .register(z.globalRegistry, { description: 'The `quoteId` of POST /shipping/rates: the purchase is charged exactly its price for the chosen row.' });

export const labelOrderSchema = /* @__PURE__ */ schema(() =>
  z
    .object({
      /**
       * The seed's label type (table mode); in rates mode the chosen `service` names the row instead,
       * and labelType may be left out. Required when `service` is missing, with the spec's message.
       */
      labelType: z.optional(z.string({ error: 'Label Type is required' }).check(z.trim(), z.maxLength(64))),
      service: z
        .optional(z.string({ error: 'service must be text' }).check(z.trim(), z.maxLength(64)))
        .register(z.globalRegistry, { description: "A quote's row (its `service`): a USPS service id in rates mode, a label type in table mode." }),
      quoteId: quoteId(),
      ...parcelFields(),
      ...extrasFields(),
      /**
       * Ship date as YYYY-MM-DD, from today to SHIP_DATE_MAX_DAYS_AHEAD days ahead in US Eastern time;
       * optional, today (Eastern) when missing. Checked against the clock at parse time, so the server
       * judges by its own clock whatever the browser thought.
       */
      shipDate: z
        .optional(z.iso.date({ error: SHIP_DATE_FORMAT_MESSAGE }).check(z.refine((day) => isInShipDateWindow(day), SHIP_DATE_WINDOW_MESSAGE)))
        .register(z.globalRegistry, {
          description: 'The day the label ships (YYYY-MM-DD), today to 7 days ahead in US Eastern time; today (Eastern) when missing.',
        }),
      /**
       * The field's former name is refused rather than ignored: a client still sending it
       * would otherwise get a label dated today while believing it chose another day.
       */
      date: z.optional(z.never({ error: 'date was renamed shipDate' })).register(z.globalRegistry, { description: 'Renamed `shipDate`: refused when sent.' }),
      from: addressSchema,
      to: recipientSchema,
      /**
       * The former top-level name of the recipient's email, whose place is `to.email`. Refused
       * rather than mapped, like `date`: one name per field, and a client still sending the old one
       * learns it at once instead of its recipients silently getting no mail.
       */
      toEmail: z
        .optional(z.never({ error: 'toEmail moved to to.email' }))
        .register(z.globalRegistry, { description: 'Moved to `to.email`: refused when sent.' }),
      paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method is required' }),
      /**
       * With `credits` and too little balance: pay what the balance lacks by card, then buy.
       * Without it such an order is refused with 402 and the shortfall in cents.
       */
      payShortfall: z
        .optional(z.boolean({ error: 'payShortfall must be true or false' }))
        .register(z.globalRegistry, { description: 'With `credits` and too little balance: pay the shortfall by card (answered as `checkoutUrl`), then buy.' }),
    })
    .check(
      // Run beside the fields' own checks, so the form shows this message with the others.
      z.refine((body) => typeof body !== 'object' || body === null || !!body.labelType || !!body.service, {
        message: 'Label Type is required',
        path: ['labelType'],
        when: () => true,
      }),
    ),
);
export type LabelOrderBody = z.infer<typeof labelOrderSchema>;

/**
 * POST /shipping/rates: the label form's parcel, both addresses and the ship date. The rest of the
 * form (label type, payment method) may be sent as it is and is not read, so the dialog quotes
 * from the same values it buys with.
 */
export const quoteRequestSchema = /* @__PURE__ */ schema(() =>
  z.object({
    ...parcelFields(),
    ...extrasFields(),
    shipDate: z.optional(z.iso.date({ error: SHIP_DATE_FORMAT_MESSAGE }).check(z.refine((day) => isInShipDateWindow(day), SHIP_DATE_WINDOW_MESSAGE))),
    from: addressSchema,
    to: recipientSchema,
  }),
);
export type QuoteRequestBody = z.infer<typeof quoteRequestSchema>;

/**
 * POST /shipping/orders/{shipOrderId}/refund: nothing to say beyond the path (an empty or missing
 * body); anything else is refused, so a client never believes it chose something it did not.
 */
export const refundLabelSchema = /* @__PURE__ */ schema(() => z.strictObject({}, { error: 'This request takes no fields' }));

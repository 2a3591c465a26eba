/**
 * The end of a shipping day: POST /shipping/scan-forms (one USPS PS 5630 for a day's labels from one
 * origin) and POST /shipping/pickups (a USPS carrier pickup for the parcels). Shared by the
 * shipper's page and the Lambdas.
 */
import * as z from './zod';
import { schema } from './zod';
import { addressSchema } from './addresses';
import { optionalOneLineText } from './fields';
import { isInShipDateWindow, SHIP_DATE_FORMAT_MESSAGE, SHIP_DATE_WINDOW_MESSAGE } from '../ship-date';
import { SHIPPING_DAY_MAX_LABELS } from '../shipping-day';

/** A label named by its shipOrderId (a ulid: 26 characters). */
const orderIds = () =>
  z
    .array(z.string({ error: 'Each label must be named by its shipOrderId' }).check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a shipOrderId')), {
      error: 'orderIds must be a list of shipOrderIds',
    })
    .check(z.minLength(1, 'Choose at least one label'), z.maxLength(SHIPPING_DAY_MAX_LABELS, `At most ${SHIPPING_DAY_MAX_LABELS} labels at once`));

/** One of the caller's saved addresses (its id), or an address written out. */
const place = () =>
  z.union([z.string({ error: 'Choose an address' }).check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Choose one of your saved addresses')), addressSchema], {
    error: 'Choose one of your saved addresses or write an address',
  });

/**
 * POST /shipping/scan-forms: the labels of `date` shipped from `from`, or the labels named in
 * `orderIds` (which must share their origin); never both.
 */
export const scanFormSchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject(
      {
        date: z
          .optional(z.iso.date({ error: SHIP_DATE_FORMAT_MESSAGE }))
          .register(z.globalRegistry, { description: 'The ship date (YYYY-MM-DD) of the labels the form covers; with `from`.' }),
        from: z
          .optional(place())
          .register(z.globalRegistry, { description: "Their origin: the id of one of the caller's saved addresses, or an address; with `date`." }),
        orderIds: z
          .optional(orderIds())
          .register(z.globalRegistry, { description: 'The labels to put on the form instead of a day and origin; they must share one origin.' }),
      },
      { error: 'Unknown field' },
    )
    .check(
      z.refine((body) => (body.orderIds ? body.date === undefined && body.from === undefined : body.date !== undefined && body.from !== undefined), {
        message: 'Send either a date and an origin, or orderIds',
        path: ['date'],
      }),
    ),
);
export type ScanFormBody = z.output<typeof scanFormSchema>;

/** A time of day as HH:MM (24 hours). */
const timeOfDay = (message: string) => z.string({ error: message }).check(z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, message));

/** POST /shipping/pickups: when and where USPS collects which parcels. */
export const pickupSchema = /* @__PURE__ */ schema(() =>
  z
    .strictObject(
      {
        date: z.iso
          .date({ error: SHIP_DATE_FORMAT_MESSAGE })
          .check(z.refine((day) => isInShipDateWindow(day), SHIP_DATE_WINDOW_MESSAGE))
          .register(z.globalRegistry, { description: 'The pickup day (YYYY-MM-DD), today to 7 days ahead in US Eastern time.' }),
        windowStart: timeOfDay('Use a time like 09:00').register(z.globalRegistry, { description: 'Earliest pickup time, HH:MM local to the place.' }),
        windowEnd: timeOfDay('Use a time like 17:00').register(z.globalRegistry, { description: 'Latest pickup time, HH:MM, after windowStart.' }),
        address: place().register(z.globalRegistry, { description: "Where USPS collects: one of the caller's saved addresses (its id), or an address." }),
        instructions: optionalOneLineText(200).register(z.globalRegistry, { description: 'Where the parcels wait (front door, side door, ...).' }),
        orderIds: orderIds().register(z.globalRegistry, { description: 'The labels whose parcels USPS collects.' }),
      },
      { error: 'Unknown field' },
    )
    .check(z.refine((body) => body.windowStart < body.windowEnd, { message: 'The window must end after it starts', path: ['windowEnd'] })),
);
export type PickupBody = z.output<typeof pickupSchema>;

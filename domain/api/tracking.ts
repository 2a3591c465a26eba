/** POST /shipping/track's answer (SPEC.md section 3 names, plus `service`), whichever tracker runs. */
import * as z from 'zod';
import { FINAL_SHIPMENT_STATUSES, SHIPMENT_STATUSES, shipmentStatusOf, TRACKING_TAGS, type ShipmentStatus, type TrackingTag } from '../shipment-statuses';

/** One scan event (SPEC.md section 3 names). */
export const checkpointSchema = z
  .object({
    checkpoint_time: z.string().meta({ description: 'Local time of the event with its offset when known, e.g. "2026-09-08T14:32:00-07:00".' }),
    tag: z.enum(TRACKING_TAGS),
    city: z.string().nullable().meta({ description: 'Null when the carrier gives no place (USPS "In Transit to Next Facility").' }),
    state: z.string().nullable(),
    country_iso3: z.string().nullable().meta({ description: 'ISO 3166 alpha-3, "USA".' }),
    message: z.string(),
  })
  .meta({ id: 'Checkpoint' });
export type Checkpoint = z.infer<typeof checkpointSchema>;

/** Where a package is: the `tracking` of POST /shipping/track's answer. */
export const trackingResultSchema = z
  .object({
    tracking_number: z.string(),
    slug: z.literal('usps'),
    tag: z.enum(TRACKING_TAGS).meta({ description: 'The latest status; pre_transit while nothing has been scanned.' }),
    expected_delivery: z
      .string()
      .nullable()
      .meta({ description: "The carrier's planned delivery date (YYYY-MM-DD, or a local date-time when the carrier gives one)." }),
    expected_delivery_range: z.object({ earliest: z.string(), latest: z.string() }).optional().meta({
      description:
        "Present only when the delivery estimate is a range of days: its first and last day (`expected_delivery` is then the last). Absent from every other answer, the sandbox's included.",
    }),
    aftership_estimated_delivery_date: z
      .string()
      .nullable()
      .meta({ description: "AfterShip's own predicted delivery date (YYYY-MM-DD); null in the sandbox." }),
    courier_tracking_link: z.string().meta({ description: "USPS's public tracking page for the number." }),
    service: z.string().nullable().meta({ description: 'The USPS service, e.g. "USPS Priority Mail"; null when unknown.' }),
    checkpoints: z.array(checkpointSchema).meta({ description: 'Oldest first.' }),
  })
  .meta({ id: 'TrackingResult' });
export type TrackingResult = z.infer<typeof trackingResultSchema>;

export const trackAnswerSchema = z.object({ tracking: trackingResultSchema }).meta({ id: 'TrackAnswer' });
export type TrackAnswer = z.infer<typeof trackAnswerSchema>;

// Kept in domain/shipment-statuses.ts, so the dashboard's filters and live tracking read them
// without loading zod, and the Lambdas that take carrier events bundle none.
export { FINAL_SHIPMENT_STATUSES, SHIPMENT_STATUSES, shipmentStatusOf, TRACKING_TAGS, type ShipmentStatus, type TrackingTag };

/** The latest carrier event of a shipment, as stored on the order and answered with it. */
export const lastEventSchema = z
  .object({
    status: z.enum(SHIPMENT_STATUSES),
    time: z.string().meta({ description: 'When it happened: local time with its offset when the carrier gives one (a checkpoint_time).' }),
    message: z.string().meta({ description: 'The carrier\'s words, e.g. "Out for Delivery".' }),
    city: z.string().nullable(),
    state: z.string().nullable(),
  })
  .meta({ id: 'LastEvent' });
export type LastEvent = z.infer<typeof lastEventSchema>;

/**
 * POST /shipping/rates's answer: every offer for one parcel, priced, with the signed quote a
 * purchase names (functions/postage/quotes.ts). In table mode the rows are the seed's label types; in
 * rates mode, the USPS services (domain/postage/services.ts).
 */
import * as z from 'zod';

export const PRICING_MODES = ['table', 'rates'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];

export const apiRateSchema = z
  .object({
    service: z.string().meta({
      description: 'What a purchase names: a label type uid in table mode (sent as `labelType`), a USPS service id in rates mode (sent as `service`).',
    }),
    name: z.string().meta({ description: 'The offer as the shipper reads it.' }),
    description: z.string().meta({ description: 'What it is: the USPS service and packaging it buys, and what to know about it.' }),
    priceCents: z.number().int().nullable().meta({ description: 'Our price in cents; null when it is not available.' }),
    price: z.number().nullable().meta({ description: 'Dollars, for display; `priceCents` is exact.' }),
    postageCents: z
      .number()
      .int()
      .optional()
      .meta({ description: 'The postage part of `priceCents` (available rows): the price less the signature and insurance below.' }),
    signatureCents: z
      .number()
      .int()
      .optional()
      .meta({ description: "The signature's part of `priceCents`: USPS's commercial fee for the signature asked (0 without one)." }),
    insuranceCents: z
      .number()
      .int()
      .optional()
      .meta({ description: 'The insurance part of `priceCents`: our price for the declared value (0 when not insured).' }),
    coverageCents: z.number().int().optional().meta({ description: "USPS's own insurance included with the service, free (e.g. 10000: $100); 0 when none." }),
    deliveryDays: z.number().int().nullable().meta({ description: "The carrier's estimate of business days in transit; null when it gives none." }),
    deliveryDate: z.string().nullable().meta({ description: 'The expected delivery day (YYYY-MM-DD) from the ship date; null when unknown.' }),
    cheapest: z.boolean().meta({ description: 'The lowest price among the available rows (one row).' }),
    fastest: z.boolean().meta({ description: 'The fewest delivery days among the available rows, the cheaper of a tie (one row).' }),
    available: z.boolean(),
    reason: z.string().nullable().meta({ description: 'Why it is not available for this parcel; null when it is.' }),
  })
  .meta({ id: 'Rate' });
export type ApiRate = z.infer<typeof apiRateSchema>;

export const quoteSchema = z
  .object({
    quoteId: z.string().meta({ description: 'The signed quote: send it with the purchase to be charged exactly its price.' }),
    expiresAt: z.string().meta({ description: 'Until when the quote may be bought (ISO time); later, the purchase answers 409 with a fresh quote.' }),
    mode: z
      .enum(PRICING_MODES)
      .meta({ description: '`table` (the four label types at fixed prices) or `rates` (every USPS service at its rate plus our markup).' }),
    zone: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The USPS zone between the two ZIPs, as the sandbox carrier measures it; null from a real carrier.' }),
    rates: z.array(apiRateSchema),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;

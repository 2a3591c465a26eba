/**
 * Quotes: every offer for one parcel, priced before the form is sent, and the price a purchase pays.
 *
 *   table mode (PRICING_MODE=table, the default): the seed's four label types at their fixed prices
 *     (domain/pricing.ts), each buying its own USPS service (domain/postage/services.ts), offered
 *     only where the parcel fits the service and the carrier's cost fits the type's ceiling
 *     (CARRIER_COST_CEILINGS, else the price when the carrier charges us): said in the quote, never
 *     after the form is sent.
 *   rates mode: every listed USPS service that can carry the parcel, at the carrier's rate plus
 *     RATE_MARKUP_CENTS and RATE_MARKUP_PERCENT (per service or for all), so never below cost.
 *
 * A quote is an HS256 JWT under JWT_SECRET with its own audience (no session token is a quote nor the
 * other way round), naming the user, the mode, a digest of the parcel, addresses and ship date, and
 * each available row's price, service and, at EasyPost, the shipment and rate to buy. It lasts
 * QUOTE_TTL_SECONDS. A purchase naming it is charged exactly its row's price; an expired quote, or
 * one whose form has changed, answers 409 with a fresh quote. Nothing is stored per quote: a
 * purchase claims its quote's id once, in the transaction that places the order
 * (functions/data/orders.ts), so one quote buys one label.
 *
 * Extras (domain/postage/extras.ts) are priced into every row: in table mode the label type's price
 * plus USPS's signature fee and our insurance; in rates mode the carrier's rate, which includes the
 * signature's fee since its shipment carries it, plus the markup and our insurance. Each row shows
 * the parts (`postageCents`, `signatureCents`, `insuranceCents`) and USPS's own included coverage.
 * The text, signature and insured value are part of the quote's digest: a purchase must send what it
 * was quoted with (docs/decisions/0211-signature-and-insurance.md).
 */
import { createHash } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { ulid } from 'ulid';
import type { OrderQuote } from '../../domain/api/orders';
import type { ApiRate, PricingMode, Quote } from '../../domain/api/quotes';
import { centsToDollars, formatUsd } from '../../domain/money';
import { extrasOf, extrasPrice, type ExtrasPrice, type LabelExtras } from '../../domain/postage/extras';
import {
  findService,
  serviceForLabelType,
  serviceOf,
  USPS_SERVICES,
  whyNot,
  type Parcel,
  type ServiceId,
  type UspsService,
} from '../../domain/postage/services';
import { zoneBetween } from '../../domain/postage/zones';
import { findLabelType, LABEL_TYPES, labelPriceCents } from '../../domain/pricing';
import type { Address } from '../../domain/schemas/addresses';
import type { LabelOrderBody, QuoteRequestBody } from '../../domain/schemas/labels';
import { todayInEastern } from '../../domain/ship-date';
import { config, type Markup } from '../config';
import { BadRequest, InvalidRequest, QuoteChanged } from '../errors';
import type { CarrierRate } from '../providers/carrier/carrier';
import { getCarrier } from '../providers/registry/carrier';

const AUDIENCE = 'prepaidship-quote';
const secret = () => new TextEncoder().encode(config().JWT_SECRET);

/**
 * One available row as the token keeps it: row key, price, service, and the carrier's shipment and
 * rate. Not the carrier's cost: the token is readable by its holder, and our cost is ours.
 */
interface SignedRow {
  k: string;
  p: number;
  v: ServiceId;
  sh?: string;
  r?: string;
  /** The extras' part of `p`: signature and insurance cents, when the row has any. */
  x?: [number, number];
}

/** What a purchase is charged and what it buys. */
export interface PricedOffer {
  priceCents: number;
  /** What the order is sold as: the label type (table mode) or the service id (rates mode). */
  labelType: string;
  serviceId: ServiceId;
  quote?: OrderQuote;
  /** The extras' part of the price (signature, insurance), when the label has any. */
  extrasCents?: { signatureCents: number; insuranceCents: number };
}

const parcelOf = (form: Pick<QuoteRequestBody, 'weight' | 'length' | 'width' | 'height'>): Parcel => ({
  weightLb: form.weight,
  lengthIn: form.length,
  widthIn: form.width,
  heightIn: form.height,
});

/** Every field of an address the carrier gets: at EasyPost the quote's shipment carries them, and a purchase buys that shipment. */
const addressLine = (a: Address) => [a.name, a.company, a.street, a.street2, a.city, a.state, a.zip, a.country, a.phone];

/**
 * What a quote is for beyond its form: a return label (docs/decisions/0217-return-labels.md), whose
 * carrier shipment is made as a return, so a quote of one never buys the other.
 */
export interface QuoteKind {
  isReturn?: boolean;
}

/** What a quote is of: the parcel, both printed addresses, the ship date and the extras (the recipient's email is not priced). */
function digestOf(form: QuoteRequestBody, shipDate: string, kind: QuoteKind = {}): string {
  const extras = extrasOf(form);
  const facts: unknown[] = [form.weight, form.length, form.width, form.height, shipDate, ...addressLine(form.from), ...addressLine(form.to)];
  // Appended only when there are any, so a quote without extras keeps the digest it always had.
  if (extras.labelText.length || extras.signature !== 'none' || extras.insuredValueCents)
    facts.push(extras.labelText, extras.signature, extras.insuredValueCents);
  if (kind.isReturn) facts.push('return');
  return createHash('sha256').update(JSON.stringify(facts)).digest('base64url').slice(0, 22);
}

/** The row a purchase names: its label type in table mode, its service in rates mode. */
const rowKey = (body: Pick<LabelOrderBody, 'labelType' | 'service'>): string =>
  (config().PRICING_MODE === 'table' ? (body.labelType ?? body.service) : (body.service ?? body.labelType)) ?? '';

/** A markup's value for a service: its own, else `*`, else 0. */
const markupOf = (markup: Markup, service: ServiceId): number => markup[service] ?? markup['*'] ?? 0;

/** Our price in rates mode: the carrier's cost plus the markups, the percent rounded up to the cent. */
export function ratePriceCents(service: ServiceId, costCents: number): number {
  const c = config();
  return costCents + Math.ceil((costCents * markupOf(c.RATE_MARKUP_PERCENT, service)) / 100) + markupOf(c.RATE_MARKUP_CENTS, service);
}

interface Row {
  rate: ApiRate;
  signed?: SignedRow;
}

const unavailable = (service: string, name: string, description: string, reason: string): Row => ({
  rate: {
    service,
    name,
    description,
    priceCents: null,
    price: null,
    deliveryDays: null,
    deliveryDate: null,
    cheapest: false,
    fastest: false,
    available: false,
    reason,
  },
});

/** The extras of a form priced for one service, with our insurance rate. */
const extrasFor = (extras: LabelExtras, service: ServiceId): ExtrasPrice => extrasPrice(extras, service, config().INSURANCE_CENTS_PER_100);

function offered(
  key: string,
  name: string,
  description: string,
  priceCents: number,
  service: UspsService,
  rate: Extract<CarrierRate, { offered: true }>,
  extras: ExtrasPrice,
): Row {
  const extrasCents = extras.signatureCents + extras.insuranceCents;
  return {
    rate: {
      service: key,
      name,
      description,
      priceCents,
      price: Number(centsToDollars(priceCents)),
      postageCents: priceCents - extrasCents,
      signatureCents: extras.signatureCents,
      insuranceCents: extras.insuranceCents,
      coverageCents: extras.coverageCents,
      deliveryDays: rate.deliveryDays,
      deliveryDate: rate.deliveryDate,
      cheapest: false,
      fastest: false,
      available: true,
      reason: null,
    },
    signed: {
      k: key,
      p: priceCents,
      v: service.id,
      ...(rate.shipmentId ? { sh: rate.shipmentId } : {}),
      ...(rate.rateId ? { r: rate.rateId } : {}),
      ...(extrasCents ? { x: [extras.signatureCents, extras.insuranceCents] as [number, number] } : {}),
    },
  };
}

const describe = (service: UspsService) => `${service.name}: ${service.summary}`;

/** The carrier's answers for the services that can carry the parcel (one call), by service. */
async function carrierRates(
  reference: string,
  form: QuoteRequestBody,
  shipDate: string,
  services: UspsService[],
  kind: QuoteKind,
): Promise<Map<ServiceId, CarrierRate>> {
  if (!services.length) return new Map();
  const extras = extrasOf(form);
  const answers = await getCarrier().quote({
    reference,
    parcel: parcelOf(form),
    from: form.from,
    to: form.to,
    shipDate,
    services,
    extras,
    ...(kind.isReturn ? { isReturn: true } : {}),
  });
  return new Map(answers.map((a) => [a.service, a]));
}

async function tableRows(reference: string, form: QuoteRequestBody, shipDate: string, kind: QuoteKind): Promise<Row[]> {
  const parcel = parcelOf(form);
  const plans = LABEL_TYPES.map((type) => {
    const priceCents = labelPriceCents(type.uid, form.weight);
    const mapped = serviceForLabelType(type.uid, parcel);
    const reason = priceCents <= 0 ? 'Not available for that weight.' : 'reason' in mapped ? mapped.reason : whyNot(mapped.service, parcel);
    return { type, priceCents, service: 'service' in mapped ? mapped.service : undefined, reason };
  });
  const services = [...new Set(plans.flatMap((p) => (p.reason || !p.service ? [] : [p.service])))];
  const rates = await carrierRates(reference, form, shipDate, services, kind);
  const carrier = getCarrier();
  const asked = extrasOf(form);
  return plans.map(({ type, priceCents: typePriceCents, service, reason }) => {
    const description = service ? describe(service) : type.name;
    if (reason || !service) return unavailable(type.uid, type.name, description, reason ?? 'Not available for this parcel.');
    const rate = rates.get(service.id);
    if (!rate?.offered) return unavailable(type.uid, type.name, description, rate?.reason ?? `USPS did not offer ${service.name} for this parcel.`);
    const extras = extrasFor(asked, service.id);
    // The carrier's cost includes the signature's fee, so its ceiling grows by as much.
    const configured = config().CARRIER_COST_CEILINGS[type.uid];
    const ceiling = configured !== undefined ? configured + extras.signatureCents : carrier.chargesPostage ? typePriceCents + extras.signatureCents : undefined;
    if (ceiling !== undefined && (rate.costCents === null || rate.costCents > ceiling)) {
      return unavailable(
        type.uid,
        type.name,
        description,
        `Not available for this parcel at ${formatUsd(typePriceCents)}: USPS charges more to carry it. Choose another label type.`,
      );
    }
    return offered(type.uid, type.name, description, typePriceCents + extras.signatureCents + extras.insuranceCents, service, rate, extras);
  });
}

async function rateRows(reference: string, form: QuoteRequestBody, shipDate: string, kind: QuoteKind): Promise<Row[]> {
  const parcel = parcelOf(form);
  const listed = USPS_SERVICES.filter((s) => s.listed);
  const fits = listed.filter((s) => !whyNot(s, parcel));
  const rates = await carrierRates(reference, form, shipDate, fits, kind);
  const asked = extrasOf(form);
  return listed.map((service) => {
    const reason = whyNot(service, parcel);
    const rate = rates.get(service.id);
    if (reason || !rate?.offered) {
      return unavailable(
        service.id,
        service.name,
        service.summary,
        reason ?? (rate && !rate.offered ? rate.reason : `USPS did not offer ${service.name} for this parcel.`),
      );
    }
    if (rate.costCents === null) return unavailable(service.id, service.name, service.summary, `The carrier has no price for ${service.name}.`);
    // The carrier's rate already carries the signature's fee (marked up with it); insurance is added at our own rate.
    const extras = extrasFor(asked, service.id);
    return offered(service.id, service.name, service.summary, ratePriceCents(service.id, rate.costCents) + extras.insuranceCents, service, rate, extras);
  });
}

/** Marks the cheapest available row, and the fastest (the cheaper of a tie); rows without an estimate are never the fastest. */
function markBest(rates: ApiRate[]): void {
  const available = rates.filter((r) => r.available && r.priceCents !== null);
  const cheapest = [...available].sort((a, b) => a.priceCents! - b.priceCents!)[0];
  if (cheapest) cheapest.cheapest = true;
  const fastest = available.filter((r) => r.deliveryDays !== null).sort((a, b) => a.deliveryDays! - b.deliveryDays! || a.priceCents! - b.priceCents!)[0];
  if (fastest) fastest.fastest = true;
}

/** Every offer for the form's parcel, priced and signed for the user. Throws ProviderUnavailable when the carrier cannot rate it. */
export async function makeQuote(userId: string, form: QuoteRequestBody, now = new Date(), kind: QuoteKind = {}): Promise<Quote> {
  const c = config();
  const mode: PricingMode = c.PRICING_MODE;
  const shipDate = form.shipDate ?? todayInEastern(now);
  const id = ulid();
  const rows = mode === 'table' ? await tableRows(id, form, shipDate, kind) : await rateRows(id, form, shipDate, kind);
  const rates = rows.map((r) => r.rate);
  markBest(rates);
  const expires = Math.floor(now.getTime() / 1000) + c.QUOTE_TTL_SECONDS;
  const quoteId = await new SignJWT({ m: mode, d: digestOf(form, shipDate, kind), r: rows.flatMap((r) => (r.signed ? [r.signed] : [])) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setJti(id)
    .setIssuer(c.JWT_ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(expires)
    .sign(secret());
  return { quoteId, expiresAt: new Date(expires * 1000).toISOString(), mode, zone: zoneBetween(form.from.zip, form.to.zip) ?? null, rates };
}

const NOT_VALID = 'This quote is not valid. Ask for a new quote.';

/** The quote's claims when its signature, issuer, audience and user hold, expired or not; BadRequest otherwise. */
async function readQuote(token: string, userId: string): Promise<{ payload: JWTPayload; expired: boolean }> {
  let payload: JWTPayload;
  let expired = false;
  try {
    ({ payload } = await jwtVerify(token, secret(), { algorithms: ['HS256'], issuer: config().JWT_ISSUER, audience: AUDIENCE }));
  } catch (err) {
    // Thrown only after the signature and the other claims were checked: an expired quote of ours.
    if (!(err instanceof errors.JWTExpired)) throw new BadRequest(NOT_VALID, { quoteId: NOT_VALID });
    ({ payload } = err);
    expired = true;
  }
  if (payload.sub !== userId || typeof payload.jti !== 'string' || !Array.isArray(payload.r)) throw new BadRequest(NOT_VALID, { quoteId: NOT_VALID });
  return { payload, expired };
}

/** What a purchase answers when its quote already bought a label: 409 with a fresh quote to buy from. */
export const QUOTE_USED = 'This quote was already used for a label; here is a new one.';

/** Throws QuoteChanged (409): `message`, a fresh quote of the form, and the asked row's new price when it is offered. */
export async function requote(message: string, userId: string, body: LabelOrderBody, key = rowKey(body), kind: QuoteKind = {}): Promise<never> {
  const fresh = await makeQuote(userId, body, new Date(), kind);
  const row = fresh.rates.find((r) => r.service === key);
  throw new QuoteChanged(
    row?.available ? message : `${message} ${row?.reason ?? `${key} is not offered for this parcel.`}`,
    fresh,
    row?.available ? row.priceCents! : undefined,
  );
}

/**
 * What a purchase is charged and buys. With a quote: exactly its row's price (409 with a fresh quote
 * when it expired, its form changed, or the mode changed since). Without one: in table mode the
 * label type's fixed price, as before quotes (400 when its service cannot carry the parcel); in
 * rates mode a quote is required.
 */
export async function priceOffer(userId: string, body: LabelOrderBody, kind: QuoteKind = {}): Promise<PricedOffer> {
  const mode = config().PRICING_MODE;
  const key = rowKey(body);
  if (body.quoteId) {
    const { payload, expired } = await readQuote(body.quoteId, userId);
    if (expired) return requote('This quote has expired; here is the price now.', userId, body, key, kind);
    if (payload.m !== mode || payload.d !== digestOf(body, body.shipDate ?? todayInEastern(), kind)) {
      return requote('The parcel, an address or the ship date changed since this quote; here is the price now.', userId, body, key, kind);
    }
    const row = (payload.r as SignedRow[]).find((r) => r.k === key);
    if (!row || !findService(row.v)) return requote(`${key || 'That offer'} is not available in this quote.`, userId, body, key, kind);
    const quote: OrderQuote = { id: payload.jti!, ...(row.sh && row.r ? { shipmentId: row.sh, rateId: row.r } : {}) };
    return {
      priceCents: row.p,
      labelType: key,
      serviceId: row.v,
      quote,
      ...(row.x ? { extrasCents: { signatureCents: row.x[0], insuranceCents: row.x[1] } } : {}),
    };
  }
  if (mode === 'rates') {
    const message = 'Ask for a quote first (POST /shipping/rates) and send its quoteId with the service chosen.';
    throw new BadRequest(message, { quoteId: message });
  }
  if (!body.labelType) throw new BadRequest('Label Type is required', { labelType: 'Label Type is required' });
  const priceCents = labelPriceCents(body.labelType, body.weight);
  if (priceCents <= 0) throw new InvalidRequest('This label type is not available for that weight');
  const mapped = serviceForLabelType(body.labelType, parcelOf(body));
  const reason = 'reason' in mapped ? mapped.reason : whyNot(mapped.service, parcelOf(body));
  if (reason || !('service' in mapped))
    throw new InvalidRequest(`${findLabelType(body.labelType)?.name ?? 'This label type'} is not available for this parcel: ${reason}`);
  const serviceId = serviceOf(mapped.service.id).id;
  const { signatureCents, insuranceCents } = extrasFor(extrasOf(body), serviceId);
  return {
    priceCents: priceCents + signatureCents + insuranceCents,
    labelType: body.labelType,
    serviceId,
    ...(signatureCents + insuranceCents ? { extrasCents: { signatureCents, insuranceCents } } : {}),
  };
}

/**
 * The end of a shipping day at EasyPost, for the EasyPost carrier (./easypost-carrier.ts), through
 * its official client and the carrier's own call, download and error helpers:
 *
 *   SCAN form  client.ScanForm.create({ shipments })  POST /v2/scan_forms
 *              { scan_form: { shipments: [{ id: "shp_..." }, ...] } }
 *                                        -> ScanForm { id: "sf_...", status, tracking_codes, form_url }
 *              GET form_url (the PS 5630 PDF on EasyPost's storage, no credentials)
 *   pickup     client.Pickup.create(pickup)            POST /v2/pickups
 *              { pickup: { reference, address, shipment: { id }, min_datetime, max_datetime,
 *                instructions, is_account_address: false } }
 *                                        -> Pickup { id: "pickup_...", pickup_rates: [...] }
 *              client.Pickup.buy(id, "USPS", service)  POST /v2/pickups/{id}/buy
 *                                        -> Pickup { status: "scheduled", confirmation }
 *   cancel     client.Pickup.cancel(id)                POST /v2/pickups/{id}/cancel -> Pickup { status: "canceled" }
 *
 * A ScanForm still `creating` (EasyPost makes big ones in the background) is read again a few times
 * before the form is given up on. A Pickup names one shipment or batch: USPS collects every parcel
 * at the address, so the pickup names the first label's shipment (docs/decisions/0214-pickups.md).
 * USPS carrier pickup is free: a USPS pickup rate above $0.00 is refused before the buy call, so
 * nobody is charged for it.
 */
import { decimalDollarsToCents, formatUsd } from '../../../domain/money';
import type { ProviderUnavailable } from '../../errors';
import { easypostAddress, type EasyPostClient } from '../easypost-client';
import { asText, clip } from '../payments/checkout-request';
import type { BookedPickup, MadeScanForm, PickupRequest, ScanFormRequest } from './carrier';

/** What this module needs of the EasyPost carrier: its calls, its file download and its errors. */
export interface EasyPostCalls {
  call(what: string, request: (client: EasyPostClient) => Promise<unknown>): Promise<Record<string, unknown>>;
  download(url: string, what: string): Promise<Uint8Array>;
  unavailable(detail: string): ProviderUnavailable;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How often, and how far apart, a ScanForm still being made is read again. */
const SCAN_FORM_READS = 3;
const SCAN_FORM_READ_GAP_MS = 1_000;

export async function makeEasyPostScanForm(ep: EasyPostCalls, request: ScanFormRequest, waitMs = SCAN_FORM_READ_GAP_MS): Promise<MadeScanForm> {
  const shipments = request.labels.map((l) => ({ id: l.carrierRef }));
  let form = await ep.call('POST /v2/scan_forms', (client) => client.ScanForm.create({ shipments }));
  const id = typeof form.id === 'string' && /^sf_[A-Za-z0-9]+$/.test(form.id) ? form.id : undefined;
  if (!id) throw ep.unavailable('create scan form answered without a scan form id');
  for (let read = 0; form.status === 'creating' && read < SCAN_FORM_READS; read++) {
    await new Promise((r) => setTimeout(r, waitMs));
    form = await ep.call(`GET /v2/scan_forms/${id}`, (client) => client.ScanForm.retrieve(id));
  }
  if (form.status !== 'created') {
    throw ep.unavailable(`scan form ${id} is ${clip(asText(form.status ?? 'without a status'), 20)}${form.message ? `: ${clip(asText(form.message))}` : ''}`);
  }
  const trackingNumbers = Array.isArray(form.tracking_codes) ? form.tracking_codes.filter((t): t is string => typeof t === 'string') : [];
  const missing = request.labels.filter((l) => !trackingNumbers.includes(l.tracking));
  if (missing.length > 0) throw ep.unavailable(`scan form ${id} leaves out ${missing.map((l) => l.tracking).join(', ')}`);
  if (typeof form.form_url !== 'string' || !form.form_url) throw ep.unavailable(`scan form ${id} answered without a form_url`);
  return { carrierRef: id, trackingNumbers, pdf: await ep.download(form.form_url, id) };
}

export async function bookEasyPostPickup(ep: EasyPostCalls, request: PickupRequest): Promise<BookedPickup> {
  const first = request.labels[0];
  if (!first) throw ep.unavailable('a pickup needs at least one label');
  const pickup = {
    reference: request.pickupId,
    address: easypostAddress(request.address),
    shipment: { id: first.carrierRef },
    min_datetime: `${request.date}T${request.windowStart}:00`,
    max_datetime: `${request.date}T${request.windowEnd}:00`,
    instructions: request.instructions ?? '',
    is_account_address: false,
  };
  const created = await ep.call('POST /v2/pickups', (client) => client.Pickup.create(pickup));
  const id = typeof created.id === 'string' && /^pickup_[A-Za-z0-9]+$/.test(created.id) ? created.id : undefined;
  if (!id) throw ep.unavailable('create pickup answered without a pickup id');
  const rates = (Array.isArray(created.pickup_rates) ? created.pickup_rates : [])
    .filter(isRecord)
    .filter((r) => asText(r.carrier ?? '').toUpperCase() === 'USPS' && typeof r.service === 'string')
    .map((r) => ({ service: r.service as string, cents: decimalDollarsToCents(r.rate) }));
  const rate = rates.find((r) => r.cents !== undefined) ?? rates[0];
  if (!rate) throw ep.unavailable(`pickup ${id}: no USPS pickup rate offered; not booked`);
  // USPS collects for free: a price means something else is on offer, and nobody has paid for it.
  if (rate.cents !== 0) {
    const price = rate.cents === undefined ? 'an unreadable price' : formatUsd(rate.cents);
    throw ep.unavailable(`pickup ${id}: USPS ${rate.service} is offered at ${price}, not free; not booked`);
  }
  const bought = await ep.call(`POST /v2/pickups/${id}/buy`, (client) => client.Pickup.buy(id, 'USPS', rate.service));
  const confirmation = typeof bought.confirmation === 'string' ? bought.confirmation.trim() : '';
  if (bought.status !== 'scheduled' || !confirmation) {
    throw ep.unavailable(`pickup ${id} was bought as ${clip(asText(bought.status ?? 'no status'), 20)} without a confirmation`);
  }
  return { carrierRef: id, confirmation: clip(confirmation, 64) };
}

export async function cancelEasyPostPickup(ep: EasyPostCalls, carrierRef: string): Promise<void> {
  if (!/^pickup_[A-Za-z0-9]+$/.test(carrierRef)) throw new Error(`${carrierRef} is no EasyPost pickup`);
  const canceled = await ep.call(`POST /v2/pickups/${carrierRef}/cancel`, (client) => client.Pickup.cancel(carrierRef));
  if (canceled.status !== 'canceled') throw ep.unavailable(`pickup ${carrierRef} answered status ${clip(asText(canceled.status ?? 'none'), 20)} to its cancel`);
}

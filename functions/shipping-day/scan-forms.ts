/**
 * Making a SCAN form (USPS PS 5630) for a shipper's labels of one day and origin, or for the labels
 * they name: the labels are chosen, the carrier makes the form, its PDF goes to the label store, and
 * the form is stored with the claim of its labels in one transaction (functions/data/scan-forms.ts:
 * a label is on at most one form). A failure before that transaction stores nothing, so the shipper
 * simply tries again.
 *
 * Only a label still usable goes on a form: bought (status `created`), neither refunded nor asked
 * to be. Only the caller's labels are ever read, under their own key.
 */
import { ulid } from 'ulid';
import type { ApiScanForm } from '../../domain/api/shipping-day';
import type { Address } from '../../domain/schemas/addresses';
import type { ScanFormBody } from '../../domain/schemas/shipping-day';
import { SHIPPING_DAY_MAX_LABELS } from '../../domain/shipping-day';
import { addressClaim } from '../data/addresses';
import { dayOrders, storeForm, unformedLabelsOf, type DayOrder, type ScanForm } from '../data/scan-forms';
import { Conflict, NotFound } from '../errors';
import { getCarrier } from '../providers/registry/carrier';
import { getLabelStore } from '../providers/registry/blobs';
import { placeOf, usableLabel } from './labels';

export const NO_LABELS_LEFT = 'No label of that day and origin is left to put on a SCAN form.';
export const LABELS_TAKEN = 'Some of these labels went on another SCAN form or were refunded just now. Try again.';

/** The labels the body names, checked: the caller's, usable, on no form, of one origin and day. */
async function namedLabels(userId: string, orderIds: readonly string[]): Promise<DayOrder[]> {
  const found = await dayOrders(userId, orderIds);
  const wanted = new Set(orderIds);
  if (found.length < wanted.size) throw new NotFound('Label not found');
  for (const o of found) {
    if (!usableLabel(o)) throw new Conflict(`Label ${o.id} is refunded or being refunded, or has no label yet: it cannot go on a SCAN form.`);
    if (o.scanFormId) throw new Conflict(`Label ${o.id} is already on a SCAN form.`);
  }
  if (new Set(found.map((o) => addressClaim(o.from))).size > 1) throw new Conflict('These labels ship from different origins: a SCAN form covers one origin.');
  if (new Set(found.map((o) => o.shipDate)).size > 1) throw new Conflict('These labels ship on different days: a SCAN form covers one day.');
  return found;
}

/** The caller's usable labels of the day from the origin, on no form yet, oldest first. */
async function labelsOfDay(userId: string, date: string, from: Address): Promise<DayOrder[]> {
  const place = addressClaim(from);
  const found = (await unformedLabelsOf(userId, date)).filter((o) => usableLabel(o) && addressClaim(o.from) === place);
  if (found.length === 0) throw new Conflict(NO_LABELS_LEFT);
  return found.sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, SHIPPING_DAY_MAX_LABELS);
}

/** Makes the form (see the header); Conflict when nothing is left to put on it or its labels were taken meanwhile. */
export async function makeScanForm(userId: string, body: ScanFormBody, now = new Date()): Promise<ScanForm> {
  const labels = body.orderIds ? await namedLabels(userId, body.orderIds) : await labelsOfDay(userId, body.date!, await placeOf(userId, body.from!));
  const { shipDate, from } = labels[0]!;
  const id = ulid(now.getTime());
  const dayLabels = labels.map((l) => ({ orderId: l.id, tracking: l.tracking!, carrierRef: l.carrierRef! }));
  const made = await getCarrier().makeScanForm({ formId: id, shipDate, from, labels: dayLabels });
  const pdfKey = `scan-forms/${userId}/${id}.pdf`;
  await getLabelStore().put(pdfKey, made.pdf, 'application/pdf');
  const form: ScanForm = {
    id,
    userId,
    createdAt: now.toISOString(),
    shipDate,
    from,
    orderIds: labels.map((l) => l.id),
    trackingNumbers: made.trackingNumbers,
    carrierRef: made.carrierRef,
    pdfKey,
  };
  if (!(await storeForm(form))) throw new Conflict(LABELS_TAKEN);
  return form;
}

/** A form as the shipper reads it. */
export const toApiScanForm = (f: ScanForm): ApiScanForm => ({
  id: f.id,
  createdAt: f.createdAt,
  shipDate: f.shipDate,
  from: f.from,
  labelCount: f.orderIds.length,
  orderIds: f.orderIds,
  trackingNumbers: f.trackingNumbers,
  pdfUrl: `/shipping/scan-forms/${f.id}/pdf`,
});

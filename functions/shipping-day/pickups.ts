/**
 * Carrier pickups: the shipper's labels checked (theirs, not refunded), the carrier asked, and the
 * confirmed pickup stored; cancelling asks the carrier and then marks it canceled once. USPS carrier
 * pickup is free, so nothing here touches money (docs/decisions/0214-pickups.md).
 */
import { ulid } from 'ulid';
import type { ApiPickup } from '../../domain/api/shipping-day';
import type { PickupBody } from '../../domain/schemas/shipping-day';
import { addressClaim } from '../data/addresses';
import { getPickup, listPickups, markCanceled, putPickup, type Pickup } from '../data/pickups';
import { dayOrders } from '../data/scan-forms';
import { Conflict, NotFound } from '../errors';
import { getCarrier } from '../providers/registry/carrier';
import { placeOf, usableLabel } from './labels';

export const PICKUP_NOT_FOUND = 'Pickup not found';
export const ALREADY_CANCELED = 'This pickup is already canceled.';

/**
 * Books the pickup at the carrier and stores it as scheduled; the same pickup (day, window, place and
 * labels) still scheduled is answered as it is instead of being booked twice.
 */
export async function bookPickup(userId: string, body: PickupBody, now = new Date()): Promise<Pickup> {
  const address = await placeOf(userId, body.address);
  const labels = await dayOrders(userId, body.orderIds);
  if (labels.length < new Set(body.orderIds).size) throw new NotFound('Label not found');
  const unusable = labels.find((l) => !usableLabel(l));
  if (unusable) throw new Conflict(`Label ${unusable.id} is refunded or being refunded, or has no label yet: USPS has nothing to collect for it.`);
  // The same pickup asked again (a retry whose first answer was lost) is the one booked, not a second.
  const place = addressClaim(address);
  const wanted = [...new Set(body.orderIds)].sort().join();
  const same = (await listPickups(userId, { limit: 100 })).items.find(
    (p) =>
      p.status === 'scheduled' &&
      p.date === body.date &&
      p.windowStart === body.windowStart &&
      p.windowEnd === body.windowEnd &&
      addressClaim(p.address) === place &&
      [...p.orderIds].sort().join() === wanted,
  );
  if (same) return same;
  const id = ulid(now.getTime());
  const booked = await getCarrier().bookPickup({
    pickupId: id,
    date: body.date,
    windowStart: body.windowStart,
    windowEnd: body.windowEnd,
    address,
    instructions: body.instructions,
    labels: labels.map((l) => ({ orderId: l.id, tracking: l.tracking!, carrierRef: l.carrierRef! })),
  });
  const pickup: Pickup = {
    id,
    userId,
    createdAt: now.toISOString(),
    date: body.date,
    windowStart: body.windowStart,
    windowEnd: body.windowEnd,
    address,
    instructions: body.instructions ?? null,
    orderIds: labels.map((l) => l.id),
    status: 'scheduled',
    confirmation: booked.confirmation,
    carrierRef: booked.carrierRef,
    canceledAt: null,
  };
  await putPickup(pickup);
  return pickup;
}

/** Cancels a scheduled pickup at the carrier, then here; NotFound for another's or an unknown one. */
export async function cancelPickup(userId: string, id: string, now = new Date()): Promise<Pickup> {
  const pickup = await getPickup(userId, id);
  if (!pickup) throw new NotFound(PICKUP_NOT_FOUND);
  if (pickup.status === 'canceled') throw new Conflict(ALREADY_CANCELED);
  await getCarrier().cancelPickup(pickup.carrierRef);
  if (!(await markCanceled(pickup, now))) throw new Conflict(ALREADY_CANCELED);
  return { ...pickup, status: 'canceled', canceledAt: now.toISOString() };
}

/** A pickup as the shipper reads it (the carrier's id stays ours). */
export const toApiPickup = ({ userId: _user, carrierRef: _ref, ...p }: Pickup): ApiPickup => ({ ...p, labelCount: p.orderIds.length });

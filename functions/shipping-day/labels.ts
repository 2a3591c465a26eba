/** What SCAN forms and pickups share: the place a shipper names, and which labels are still usable. */
import type { Address } from '../../domain/schemas/addresses';
import { listAddresses } from '../data/addresses';
import type { DayOrder } from '../data/scan-forms';
import { NotFound } from '../errors';

/** A saved address of the caller (by id) or the address written out, as the carrier takes it. */
export async function placeOf(userId: string, place: string | Address): Promise<Address> {
  if (typeof place !== 'string') return place;
  const saved = (await listAddresses(userId)).find((a) => a.id === place);
  if (!saved) throw new NotFound('Address not found');
  const { id: _id, createdAt: _created, ...address } = saved;
  return address;
}

/** A label the carrier can still carry: bought, neither refunded nor asked to be. */
export const usableLabel = (o: DayOrder): boolean => o.status === 'created' && !!o.tracking && !!o.carrierRef;

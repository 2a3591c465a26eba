import type { ApiOrder } from '@domain/api/orders';

/**
 * The shipments in list order (newest first), each return label moved to just under its outbound
 * when that outbound is on the page too, so a return reads with the shipment it returns. A return
 * whose outbound is on a later page stays where it is (its "Return of" tag still names it).
 */
export function withReturnsUnderOutbound(orders: readonly ApiOrder[]): ApiOrder[] {
  const shown = new Set(orders.map((o) => o.shipOrderId));
  const under = new Map<string, ApiOrder[]>();
  for (const o of orders) if (o.returnOf && shown.has(o.returnOf)) under.set(o.returnOf, [...(under.get(o.returnOf) ?? []), o]);
  const placed: ApiOrder[] = [];
  for (const o of orders) {
    if (o.returnOf && shown.has(o.returnOf)) continue;
    placed.push(o, ...(under.get(o.shipOrderId) ?? []));
  }
  return placed;
}

/** Whether a shipment may get a return label: a created label that is not a return itself. */
export const canMakeReturn = (order: Pick<ApiOrder, 'status' | 'returnOf'>): boolean => order.status === 'created' && !order.returnOf;

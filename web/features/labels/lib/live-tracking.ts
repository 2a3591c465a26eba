/**
 * How often the shipments list asks again while a package it shows is still moving: every
 * 30 seconds while any shown label has not reached a final status, never otherwise (SWR also asks
 * when the window regains focus). Carrier events arrive by webhook at any time; nothing else would
 * tell the page.
 */
import { FINAL_SHIPMENT_STATUSES } from '@domain/shipment-statuses';
import type { ApiOrder } from '@domain/api/orders';

export const trackingRefreshMs = 30_000;

/** SWR's refreshInterval for the list's pages: `trackingRefreshMs` while a shown package is on its way, 0 otherwise. */
export function trackingRefreshInterval(pages: { orders?: ApiOrder[] }[] | undefined): number {
  const moving = (pages ?? []).some((page) =>
    (page.orders ?? []).some((o) => o.trackingStatus !== null && !FINAL_SHIPMENT_STATUSES.includes(o.trackingStatus) && o.status !== 'refunded'),
  );
  return moving ? trackingRefreshMs : 0;
}

import { findLabelType } from '@domain/pricing';
import { noValue } from '@/lib/transaction-labels';
import type { ApiOrder } from '@domain/api/orders';

/**
 * The name people read for an order's label type: the server's `labelTypeName`, else the catalogue's
 * name for the uid, else the raw uid.
 */
export function labelTypeName(order: Pick<ApiOrder, 'labelType' | 'labelTypeName'>): string {
  return order.labelTypeName || findLabelType(order.labelType)?.name || order.labelType || noValue;
}

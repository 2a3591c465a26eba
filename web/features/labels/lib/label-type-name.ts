import { findLabelType } from '@domain/pricing';
import { noValue } from '@/lib/transaction-labels';
import type { Order } from '@/types/api';

/**
 * The name people read for an order's label type: the server's `labelTypeName`, else the catalogue's
 * name for the uid (SPEC section 3 also allows the type as an object with a name), else the raw uid.
 */
export function labelTypeName(order: Pick<Order, 'labelType' | 'labelTypeName'>): string {
  if (order.labelTypeName) return order.labelTypeName;
  const { labelType } = order;
  const uid = typeof labelType === 'string' ? labelType : labelType?.uid;
  if (typeof labelType === 'object' && labelType?.name) return labelType.name;
  return (uid && findLabelType(uid)?.name) || uid || noValue;
}

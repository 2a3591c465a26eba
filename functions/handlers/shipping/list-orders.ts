/**
 * GET /shipping/orders: the user's orders, newest first, with their label count; optionally only
 * those matching a search (recipient name, city, tracking number), a status and a range of purchase
 * days, still up to `limit` a page (functions/data/orders.ts findOrders).
 */
import { toApiOrder } from '../../../domain/api/order-answer';
import { findOrders } from '../../data/orders';
import { getUserById } from '../../data/users';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listOrders, async function listShipments({ auth, query }) {
  const { q, status, from, to, ...page } = query;
  const [found, user] = await Promise.all([findOrders(auth.accountId, { q, status, from, to }, page), getUserById(auth.accountId)]);
  return { orders: found.items.map(toApiOrder), nextCursor: found.nextCursor, totalOrders: user?.labelCount ?? 0 };
});

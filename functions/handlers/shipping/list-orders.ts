/** GET /shipping/orders: the user's orders, newest first, one Query per page, with their label count. */
import { toApiOrder } from '../../../domain/api/orders';
import { listOrders } from '../../data/orders';
import { getUserById } from '../../data/users';
import { api } from '../../http/handler';

export const handler = api('GET /shipping/orders', async function listShipments({ auth, query }) {
  const [page, user] = await Promise.all([listOrders(auth.userId, query), getUserById(auth.userId)]);
  return { orders: page.items.map(toApiOrder), nextCursor: page.nextCursor, totalOrders: user?.labelCount ?? 0 };
});
